import { oauthAdapter } from './oauth';
import { oidcAdapter } from './oidc';
import { PROVIDER_SPECS, type ProviderSettings, type SocialAdapter } from './providers';

export * from './providers';

/** The protocol adapter of a provider: OpenID Connect or OAuth 2.0 with profile APIs. */
export const adapterFor = (s: ProviderSettings): SocialAdapter => (PROVIDER_SPECS[s.key].kind === 'oidc' ? oidcAdapter : oauthAdapter);
