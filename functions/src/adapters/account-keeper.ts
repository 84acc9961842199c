import { InvokeCommand } from '@aws-sdk/client-lambda';
import { lambda } from '../lib/clients/lambda.ts';
import { config } from '../lib/config.ts';
import { AppError } from '../lib/errors.ts';

/**
 * The private account keeper (handlers/auth/account-keeper.ts): a function no route exposes, holding the
 * Cognito Admin calls a password reset needs. The public POST /reset-password route only invokes it
 * (`lambda:InvokeFunction` on that one function) with the link and the new password; the keeper checks
 * and uses up the link itself, so all the route can make it do is what a valid link allows.
 */
export interface KeeperRequest {
  action: 'reset-password';
  token: string;
  newPassword: string;
  /** The visitor's address, whose failed-login locks a reset lifts. */
  sourceIp?: string;
}

/** The keeper's answer: done, or a client error (status, message, extra response fields) to pass on. */
export type KeeperResult =
  | { ok: true }
  | { error: { status: number; message: string; extra?: Record<string, unknown> } };

type LocalKeeper = (request: KeeperRequest) => Promise<KeeperResult>;
let localKeeper: LocalKeeper | undefined;

/**
 * Local mode runs the keeper's handler in this process (infra/local/stack.ts registers it): the route's
 * bundle must not import the handler, or the grant check would see its Admin calls in the route.
 */
export function registerLocalAccountKeeper(keeper: LocalKeeper): void {
  localKeeper = keeper;
}

/** Asks the keeper; its client errors come back as the same AppError the route answers with. */
export async function callAccountKeeper(request: KeeperRequest): Promise<void> {
  const result = await invoke(request);
  if ('error' in result) throw new AppError(result.error.status, result.error.message, result.error.extra);
}

async function invoke(request: KeeperRequest): Promise<KeeperResult> {
  if (!config.accountKeeperFunction) {
    if (!localKeeper) throw new Error('No account keeper: ACCOUNT_KEEPER_FUNCTION is unset and none runs locally');
    return localKeeper(request);
  }
  const response = await lambda.send(
    new InvokeCommand({
      FunctionName: config.accountKeeperFunction,
      InvocationType: 'RequestResponse',
      Payload: new TextEncoder().encode(JSON.stringify(request)),
    }),
  );
  const text = new TextDecoder().decode(response.Payload ?? new Uint8Array());
  if (response.FunctionError) throw new Error(`The account keeper failed (${response.FunctionError})`);
  return JSON.parse(text) as KeeperResult;
}
