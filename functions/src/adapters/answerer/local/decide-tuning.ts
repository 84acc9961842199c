/** The decide stage's thresholds (`decide.ts`, `decide-pick.ts`), tuned on the dev split only. */
export const decideTuning = {
  /** The same for a sentence answering a yes/no question with its verb and a "never"/"not". */
  yesNoDenialCoverage: 0.45,
  /** Share of the question's weight an untyped answer must match. */
  minCoverage: 0.55,
  /** The same for a sentence stating the kind of fact asked for. */
  minTypedCoverage: 0.3,
  /** A sentence answering together with the next one (which holds the fact) counts this share. */
  bridgeShare: 0.85,
  /** "Not yet heard" needs the unheard answer's coverage to beat the heard one's by this much. */
  unheardMargin: 0.1,
  /** The fact may come from the next sentence only when that one goes on about this one (`continues`). */
  bridgeNeedsContinuation: 0,
  /** A question to "you" prefers sentences in the narrator's first person by this factor. */
  ownBonus: 1.5,
  /**
   * A sentence stating the kind of fact asked for does not answer when another heard sentence covers the
   * question better by more than this: that one tells of the event and not its date/number, so the fact
   * found elsewhere is most likely about something else ("when did the club close").
   */
  typedShortfall: 0.5,
  /**
   * A typed answer covering less than this must speak of the question's key noun (its rarest noun the
   * story uses, outside a "when…" clause): weak evidence about something else is declined.
   */
  keyNounCoverage: 0.5,
  /** …unless that noun is in more than this share of the story's sentences (the story's topic). */
  keyNounShare: 0.15,
  /** A why-question prefers a sentence that gives a reason outright (a "what job" one a role) by this factor. */
  reasonBonus: 1.5,
  /** Words of a sentence that is only the name asked for, right after the one naming what it names. */
  nameFragmentWords: 3,
  /** Whether the looser pass (`decide`) runs. */
  loosePass: 1,
};
