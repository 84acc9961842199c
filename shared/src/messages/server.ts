/** Server-side texts that the spec leaves open, for every handler; kept here so tests and screens agree. */
export const serverText = {
  notFound: 'Not found',
  routeNotFound: 'No such endpoint',
  malformedJson: 'The request body is not valid JSON',
  malformedPath: 'The address of this request is malformed',
  /** The web page answered (400) for an address with a broken %-escape, at the edge and in local mode. */
  badAddressPage: {
    title: 'This address is not valid',
    body: 'The link may have been cut short or mistyped. Please check it, or start again from the home page.',
    home: 'Go to the home page',
  },
  bodyTooLarge: 'The request body is too large',
  unauthorized: 'Please log in to continue',
  forbidden: 'You do not have permission to do that',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  /**
   * Path ids of DELETE /api/interactive/questions/{id}/{questionId} that cannot be ids (here, not with the
   * listening texts: the listening pages load theirs whole and never show these).
   */
  invalidStoryId: 'Invalid story id',
  invalidQuestionId: 'Invalid question id',
  internal: 'Something went wrong on our side. Please try again.',
  /** Local mode only: a request that arrives while the stand-ins start. */
  startingUp: 'Starting up, try again in a moment',
  contactSent: 'Thank you! Your message has been sent.',
} as const;
