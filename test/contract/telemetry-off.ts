// Imported first by the contract tests: @apollo/gateway starts a usage-telemetry exporter that
// phones home unless this is set before a gateway is constructed.
process.env.APOLLO_TELEMETRY_DISABLED = 'true';

export {};
