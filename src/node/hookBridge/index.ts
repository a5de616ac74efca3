// The hook bridge's node side: the local channel between the `agentguard hook` CLI and the running extension
// (discovery file, socket server and client, wire format), the answer to one hook payload through the
// GuardService, and installing the hook entries into the hosts' config files.
export { startChannelServer, type ChannelServer, type ChannelServerOptions } from './channelServer';
export { askChannel, type AskResult } from './channelClient';
export { answerHook, unreachable, type HookResult } from './answer';
export { discoveryPath, failureNotePath, channelDir, agentguardHome, readDiscovery } from './discovery';
