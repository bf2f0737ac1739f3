/**
 * The test OpenID provider as a process, for the browser journeys (e2e/playwright.config.ts starts it beside the
 * console): OIDC_PROVIDER_PORT, OIDC_REDIRECT_URI, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET from the environment.
 */
import { startOpenIdProvider } from './oidc-provider.ts';

const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const provider = await startOpenIdProvider({
  port: Number(need('OIDC_PROVIDER_PORT')),
  redirectUris: [need('OIDC_REDIRECT_URI')],
  clientId: need('OIDC_CLIENT_ID'),
  clientSecret: need('OIDC_CLIENT_SECRET'),
});
process.stdout.write(`test OpenID provider at ${provider.issuer}\n`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
