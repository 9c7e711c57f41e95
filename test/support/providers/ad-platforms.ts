import type { GoogleAdsServer } from './google-ads-server';
import type { MetaServer } from './meta-server';

/** A platform's settings with a Meta app and Google Ads credentials, both at the local servers speaking their APIs. */
export const adPlatformsEnv = (meta: MetaServer, google: GoogleAdsServer): Record<string, string> => ({
  ASSISTANT_META_GRAPH_URL: meta.graphUrl,
  ASSISTANT_META_APP_ID: meta.appId,
  ASSISTANT_META_APP_SECRET: meta.appSecret,
  ASSISTANT_GOOGLE_ADS_URL: google.apiUrl,
  ASSISTANT_GOOGLE_TOKEN_URL: google.tokenUrl,
  ASSISTANT_GOOGLE_CLIENT_ID: google.clientId,
  ASSISTANT_GOOGLE_CLIENT_SECRET: google.clientSecret,
  ASSISTANT_GOOGLE_ADS_DEVELOPER_TOKEN: google.developerToken,
});
