// The local channel between the hook bridge (CLI) and the running extension.
export { startChannelServer, type ChannelServer, type ChannelServerOptions } from './server';
export { askChannel, type AskResult } from './client';
export { handleHook, type HookMode, type HookResult } from './handle';
export { discoveryPath, failureNotePath, channelDir, agentguardHome, readDiscovery } from './discovery';
