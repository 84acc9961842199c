import { describe, expect, it } from 'vitest';
import { handler, type PreSignUpEvent } from './pre-sign-up.ts';

const event = (triggerSource: string): PreSignUpEvent => ({
  triggerSource,
  userName: 'user-1',
  request: { userAttributes: { email: 'a@example.com' } },
  response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
});

describe('the pre-sign-up trigger', () => {
  it('confirms a sign-up at once and leaves the email unverified (the user record decides)', async () => {
    const result = await handler(event('PreSignUp_SignUp'));
    expect(result.response).toEqual({ autoConfirmUser: true, autoVerifyEmail: false, autoVerifyPhone: false });
    expect(result.userName).toBe('user-1');
  });

  it('changes nothing for other sources (an operator made the user with the Admin call)', async () => {
    for (const source of ['PreSignUp_AdminCreateUser', 'PreSignUp_ExternalProvider']) {
      expect((await handler(event(source))).response).toEqual(event(source).response);
    }
  });
});
