/**
 * `npm run create-admin -- <email> <username> <password>`: makes a verified admin account (user record,
 * username and email guards, Cognito user in the admin group) through `createUser`, the operator's path:
 * the same guards and record as /register, but Cognito's Admin calls (AdminCreateUser, AdminSetUserPassword,
 * AdminAddUserToGroup) with the operator's credentials instead of the web client's SignUp.
 *
 * Local mode (default): starts the local stand-ins on DATA_DIR (default .data) for the moment it runs.
 * Stop `npm start` first: both cannot hold the same data folder at once.
 * AWS: set TABLE_NAME and USER_POOL_ID (the stack's outputs) and AWS credentials; the script then uses
 * the SDK's default AWS endpoints and touches only the table and the user pool.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { registerSchema } from '@storyloom/shared/schemas/auth';
import { firstIssue } from '@storyloom/shared/schemas/fields';
import { startLocalServices } from './services.ts';
import { localHandlerEnv, provisionOnServices } from './stack.ts';

const usage = 'Usage: npm run create-admin -- <email> <username> <password>';

async function main(): Promise<number> {
  const [email, username, password] = process.argv.slice(2);
  if (!email || !username || !password) {
    console.error(usage);
    return 2;
  }
  const parsed = registerSchema.safeParse({ email, username, password });
  if (!parsed.success) {
    console.error(`${firstIssue(parsed.error)}\n${usage}`);
    return 2;
  }

  const aws = Boolean(process.env.TABLE_NAME && process.env.USER_POOL_ID);
  const local = aws ? undefined : await startLocal();
  try {
    if (aws) {
      // The handlers' configuration demands every variable; this script uses only the table and the pool.
      for (const name of [
        'MEDIA_BUCKET',
        'JOBS_QUEUE_URL',
        'USER_POOL_CLIENT_ID',
        'SES_FROM_ADDRESS',
        'CONTACT_TO_ADDRESS',
        'APP_URL',
      ]) {
        process.env[name] ||= `unused-by-create-admin`;
      }
    }
    process.env.LOG_LEVEL ??= 'warn';
    // Imported only now: the handlers' modules read their configuration once, at load.
    const { createUser } = await import('@storyloom/functions/domain/accounts/registration');
    const user = await createUser({ ...parsed.data, role: 'admin', emailVerified: true });
    console.log(`Admin created: ${user.username} (id ${user.id})${local ? ` in ${local.dataDir}` : ''}`);
    return 0;
  } catch (error) {
    const status = (error as { status?: number }).status;
    console.error(status && status < 500 ? (error as Error).message : error);
    return 1;
  } finally {
    await local?.stop();
  }
}

/** The local stand-ins on the data folder, provisioned as `npm start` does, with the handlers' environment set. */
async function startLocal() {
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  await mkdir(dataDir, { recursive: true });
  const busy = (error: unknown) => {
    console.error(`Could not open the local data in ${dataDir}: is \`npm start\` running on it? Stop it first.`);
    console.error(`(${(error as Error).message})`);
    process.exit(1);
  };
  // dynalite reports a data folder held by another process from a callback, as an uncaught error.
  process.once('uncaughtException', busy);
  const services = await startLocalServices({ dataDir }).catch(busy);
  const appUrl = `http://localhost:${process.env.PORT ?? 3000}`;
  const resources = await provisionOnServices(services, { dataDir, visibilityTimeoutSeconds: 20 });
  Object.assign(process.env, localHandlerEnv(services, resources, appUrl));
  return { dataDir, stop: () => services.stop() };
}

process.exitCode = await main();
