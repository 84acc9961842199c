import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@storyloom/shared/constants';
import { cognito } from '../lib/clients/cognito.ts';
import { config } from '../lib/config.ts';
import { describeError, logger } from '../lib/logger.ts';
import { ADMIN_GROUP, errorName, withPasswordPolicy } from './user-pool.ts';

/**
 * The IAM-signed Admin calls on the pool. Only signed-in routes, the workers, the private account
 * keeper (password reset) and the operator's create-admin tool reach these: never a public route
 * (infra/test/permissions.test.ts checks every public route's policy has no cognito-idp action).
 */

const pool = () => ({ UserPoolId: config.userPoolId });

/**
 * A confirmed pool user with a permanent password, made by an operator (create-admin) or a test: no
 * Cognito mail, the email marked as the operator says, an admin in the admin group.
 */
export async function createPoolUser(user: {
  id: string;
  email: string;
  emailVerified: boolean;
  password: string;
  role: Role;
}): Promise<void> {
  await cognito.send(
    new AdminCreateUserCommand({
      ...pool(),
      Username: user.id,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: String(user.emailVerified) },
      ],
    }),
  );
  await withPasswordPolicy(
    cognito.send(
      new AdminSetUserPasswordCommand({ ...pool(), Username: user.id, Password: user.password, Permanent: true }),
    ),
  );
  if (user.role === 'admin') await setPoolAdmin(user.id, true);
}

/** Deletes a pool user; a user that is already gone is fine. */
export async function deletePoolUser(userId: string): Promise<void> {
  try {
    await cognito.send(new AdminDeleteUserCommand({ ...pool(), Username: userId }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
  }
}

export async function setPoolPassword(userId: string, password: string): Promise<void> {
  await withPasswordPolicy(
    cognito.send(new AdminSetUserPasswordCommand({ ...pool(), Username: userId, Password: password, Permanent: true })),
  );
}

/**
 * Sets the pool's email_verified to the record's flag. The (unchanged) email goes along: the local
 * stand-in insists, AWS accepts it.
 */
export async function setPoolEmailVerified(userId: string, email: string, verified: boolean): Promise<void> {
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      ...pool(),
      Username: userId,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: String(verified) },
      ],
    }),
  );
}

/** Adds the user to, or removes them from, the admin group. */
export async function setPoolAdmin(userId: string, admin: boolean): Promise<void> {
  const input = { ...pool(), Username: userId, GroupName: ADMIN_GROUP };
  await cognito.send(admin ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input));
}

/**
 * Revokes the user's refresh tokens (logout, password reset or change). Best effort: the ID tokens of
 * those sessions are refused anyway (the user record's `sessionsValidFrom`), and so is a refresh whose
 * session began before it (login.ts). The local stand-in implements this call (infra/local/services.ts).
 */
export async function signOutEverywhere(userId: string): Promise<void> {
  try {
    await cognito.send(new AdminUserGlobalSignOutCommand({ ...pool(), Username: userId }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException')
      logger.warn('global sign-out failed', { userId, ...describeError(error) });
  }
}
