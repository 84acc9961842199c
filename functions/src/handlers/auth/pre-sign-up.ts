/**
 * The user pool's pre-sign-up trigger: confirms a sign-up at once (the API signs users up with SignUp
 * after its own checks; Cognito sends no confirmation mail) and leaves the email unverified: the user
 * record's `emailVerified` is the truth, set by the app's own verification link. It reads and calls
 * nothing, so its role holds nothing but its logs. Sign-ups from anything but the API are refused
 * earlier: SignUp needs the client secret (docs/accounts.md).
 */
export interface PreSignUpEvent {
  triggerSource: string;
  userName?: string;
  request?: { userAttributes?: Record<string, string> };
  response: { autoConfirmUser?: boolean; autoVerifyEmail?: boolean; autoVerifyPhone?: boolean };
}

export async function handler<E extends PreSignUpEvent>(event: E): Promise<E> {
  if (event.triggerSource === 'PreSignUp_SignUp') {
    event.response.autoConfirmUser = true;
    event.response.autoVerifyEmail = false;
    event.response.autoVerifyPhone = false;
  }
  return event;
}
