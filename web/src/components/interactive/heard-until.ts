/**
 * How far the listener has heard the story, for "not yet heard" (docs/interactive.md, "Heard"): the player's
 * position, or further when the story has already been played from its start to a later point in this
 * player — played to the end and then started again, or taken back to hear a part once more. What was heard
 * stays heard. A part skipped by seeking ahead is covered only by the position, as before.
 */
export function heardUntil(audio: HTMLAudioElement | null | undefined, position: number): number {
  if (!audio) return position;
  let until = position;
  const { played } = audio;
  // The played ranges merge when they touch; the one that starts at the beginning is the part heard in order.
  for (let i = 0; i < played.length; i++) if (played.start(i) <= 0.5) until = Math.max(until, played.end(i));
  return until;
}
