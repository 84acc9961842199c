/**
 * The family loop's email (issue 20 B, docs/family-loop.md "Family-loop email"): the weekly question
 * by email, the family digest, their settings on the profile and the pages their links open.
 */

/** Days a storyteller may choose for the weekly question (ISO numbers 1 = Monday … 7 = Sunday). */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const familyMailText = {
  // ---- settings on the profile ----
  settingsHeading: 'Email from Storyloom',
  weeklyLabel: 'A question by email each week',
  weeklyNone: 'No weekly email',
  weeklyHelp: 'Each week one question arrives on the day you choose, with a button to answer it.',
  digestLabel: 'Tell me by email when family share stories with me (at most one email a day)',
  settingsSaved: 'Email settings saved.',
  settingsLoadFailed: 'Your email settings could not be loaded.',
  settingsSaveFailed: 'Your email settings could not be saved. Please try again.',
  weeklyDayInvalid: 'Please choose a day of the week, or no weekly email',
  digestInvalid: 'Please say whether you want family news by email',

  // ---- links from an email ----
  linkMissing: 'This link is incomplete. Please use the button in your email.',
  linkInvalid: 'This link is not valid. Nothing was changed.',
  linkExpired: 'This link has expired. Nothing was changed.',
  linkWrongPurpose: 'This link cannot be used here. Nothing was changed.',
  linkOtherAccount: 'This link belongs to another account. Log out and log in as the person the email was sent to.',
  promptGone: 'This question is no longer available. Your dashboard has others to choose from.',
  openingQuestion: 'Opening your question…',
  loginToAnswer: 'Please log in to answer this question.',

  // ---- unsubscribe ----
  unsubscribeHeading: 'Unsubscribe',
  unsubscribeWeeklyQuestion: 'Stop the weekly question emails?',
  unsubscribeDigestQuestion: 'Stop the emails about stories your family shares with you?',
  unsubscribeButton: 'Unsubscribe',
  unsubscribedWeekly: 'Done. You will get no more weekly questions by email.',
  unsubscribedDigest: 'Done. You will get no more emails about stories shared with you.',
  alreadyUnsubscribed: 'You were already unsubscribed. Nothing more to do.',
  changeSettingsLink: 'Change your email settings',

  // ---- the weekly email ----
  weeklySubject: 'Your question this week',
  weeklyIntro: (username: string) => `Hello ${username}, here is a question to answer this week:`,
  weeklyFamilyAsked: (asker: string) => `${asker} asked you this.`,
  weeklyButton: 'Answer this question',
  weeklyTextButton: 'Answer it here:',
  weeklyFooter: 'You get this email because you chose a weekly question on your Storyloom profile.',

  // ---- the family digest ----
  digestSubjectOne: (author: string, count: number) =>
    count === 1 ? `${author} added a story` : `${author} added ${count} stories`,
  digestSubjectMany: (count: number) => `Your family added ${count} stories`,
  digestIntro: 'New on Storyloom for you:',
  digestShared: (author: string) => `shared with you by ${author}`,
  digestNarrated: (author: string) => `now narrated, by ${author}`,
  digestOpen: 'Open the story',
  digestFooter: 'You get this email because family members share stories with you on Storyloom.',

  // ---- common footer ----
  unsubscribeLink: 'Unsubscribe from these emails',
  settingsLink: 'Email settings',

  // ---- local mode only ----
  localSendNowUnknownUser: 'No user with that username.',
  localSentWeekly: 'The weekly question was sent. It is in the mailbox below.',
  localAlreadySentWeekly: 'This user already had this week’s question (one per week), or has no question to send.',
  localSentDigest: 'The family news was sent. It is in the mailbox below.',
  localNoDigest: 'No family news to send for this user today (already sent, or nothing new they may read).',
} as const;

/** The email to someone whose question was answered with a story now shared with them. */
export const answeredMailText = {
  subject: (storyteller: string) => `${storyteller} answered your question`,
  intro: (storyteller: string) => `${storyteller} wrote a story to answer the question you asked:`,
  button: 'Read the story',
  footer:
    'You get this email because you asked a question on Storyloom. It is one of the emails about stories your family shares with you.',
} as const;
