/** The composition root's public API: start the whole platform, the domain registry, the demo seed. */
export { startPlatform, routeSources, type Platform, type PlatformOptions } from './platform';
export { loadDomains, allRoutes, domainByName, domainPackages, SUBGRAPHS_DIR, type DomainPackage } from './domains';
export { seedDemo, seedDemoDomains, publicUrlOf, DEMO_TENANT_HANDLE, DEMO_KEY_CHANNELS, type DemoSeedArgs } from './seed';
export { createApp, type AppDeps } from './app';
export { startDevOidcProvider, type DevOidcProvider, type OidcProviderAccount, type OidcProviderClient, type OidcProviderConfig } from './dev-idp';
export { startParticipant, bindSupergraph, type Participant, type ParticipantOptions } from './participant';
export { checkPorts, GATEWAY_PORTS } from './ports';
export { exitOnSignals } from './shutdown';
