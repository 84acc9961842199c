import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { externalEndpoints, profileOf } from './profile.ts';
import { startLocalStack } from './stack.ts';

/** `npm start`: the whole product on this machine, no AWS account and no Docker. */
const port = Number(process.env.PORT ?? 3000);
// Local mode is for one person on one machine: loopback unless LISTEN_HOST says otherwise (docs/local-mode.md).
const host = process.env.LISTEN_HOST || '127.0.0.1';
const allowedHosts = (process.env.ALLOWED_HOSTS ?? '')
  .split(',')
  .map((h) => h.trim())
  .filter(Boolean);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const webDir = fileURLToPath(new URL('../../web/dist/', import.meta.url));

// `npm start` runs node with --optimize-for-size (package.json): without it V8 keeps freed heap pages
// and a 128 MB young generation, and a server that runs for months sits at twice its size
// (docs/platform.md, "Local memory"). Say so when started some other way.
if (!process.execArgv.includes('--optimize-for-size')) {
  console.warn('Note: started without --optimize-for-size (as `npm start` does): expect about twice the memory.');
}

const started = Date.now();
// Always rebuild (about a second with esbuild): a stale web/dist after a pull would show old screens.
if (process.env.SKIP_WEB_BUILD !== '1' || !existsSync(resolve(webDir, 'index.html'))) {
  console.log('Building the web app…');
  const { buildWeb } = await import('../../web/build.ts');
  await buildWeb({ minify: true });
}
await mkdir(dataDir, { recursive: true });
// STORYLOOM_PROFILE=localstack: DynamoDB, S3, SQS and SES at LOCALSTACK_ENDPOINT; an endpoint you set yourself
// (DYNAMODB_ENDPOINT, …) is used as given in every profile (infra/local/profile.ts).
const profile = profileOf(process.env);
const external = externalEndpoints(process.env);
const stack = await startLocalStack({ dataDir, port, webDir, host, allowedHosts, external });
console.log(`
Storyloom is running at ${stack.url}   (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  Local mailbox: ${stack.url}/_local/mailbox
  Data folder:   ${dataDir}
  Profile:       ${profile}${
    Object.keys(external).length
      ? ` (${Object.entries(external)
          .map(([k, v]) => `${k} at ${v}`)
          .join(', ')})`
      : ''
  }
Press Ctrl+C to stop.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log('\nStopping…');
    stack.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
