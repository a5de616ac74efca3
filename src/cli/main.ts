// placeholder, replaced by the CLI dispatcher
console.error('agentguard: not built yet');
process.exit(2);
