import * as z from 'zod/mini';
import type { KeeperRequest, KeeperResult } from '../../adapters/account-keeper.ts';
import { resetPassword } from '../../domain/accounts/password-reset.ts';
import { AppError } from '../../lib/errors.ts';
import type { InvocationContext } from '../../lib/http.ts';
import { functionNameOf, logger, withInvocation } from '../../lib/logger.ts';

const requestSchema = z.object({
  action: z.literal('reset-password'),
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  newPassword: z.string().check(z.minLength(1), z.maxLength(1000)),
  sourceIp: z.optional(z.string().check(z.maxLength(100))),
});

/**
 * The private account keeper: invoked only by POST /reset-password (Lambda Invoke, no HTTP route), it
 * holds the Admin calls a reset needs (set the password, mark the email, end sessions). It trusts
 * nothing of its caller but the request: the reset link is checked and used up here (docs/accounts.md).
 * Client errors (invalid link, password refused) are answered as data; anything else fails the invocation.
 */
export async function handler(event: KeeperRequest, context: InvocationContext = {}): Promise<KeeperResult> {
  const invocation = { requestId: context.awsRequestId ?? 'account-keeper', functionName: functionNameOf(context) };
  return withInvocation(invocation, async () => {
    const parsed = requestSchema.safeParse(event);
    if (!parsed.success) {
      logger.warn('account keeper: malformed request');
      return { error: { status: 400, message: 'Invalid request' } };
    }
    try {
      await resetPassword(parsed.data.token, parsed.data.newPassword, parsed.data.sourceIp);
      return { ok: true };
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        return { error: { status: error.status, message: error.message, extra: error.extra } };
      }
      throw error;
    }
  });
}
