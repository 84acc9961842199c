/** The contact form: the spec's texts word for word. */
export const contactValidation = {
  contactRequired: 'Please fill in your name, email and message',
} as const;

export const contactFallback = {
  contact: 'An unexpected error occurred.',
} as const;

export const contactSuccess = {
  messageSent: 'Message sent successfully!',
} as const;
