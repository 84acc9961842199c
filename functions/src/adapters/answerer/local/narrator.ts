/**
 * Whether the narrator is a woman or a man, when the story says so in the first person ("my husband", "when
 * I was a girl", "my wife", "as a boy"). The listener's word for the other grandparent then means the
 * narrator's husband or wife: "what did grandpa do for a living", asked of a story grandma tells, asks about
 * her husband, not her.
 */
export type NarratorSex = 'female' | 'male';

const WOMAN =
  /\b(?:my (?:late |first |second |dear )?husband|(?:when|while|since) I was (?:a |just a )?(?:little |young |small |teenage )?girl|as a (?:little |young )?girl|I was (?:pregnant|expecting)|I was a (?:bride|widow|housewife|girl)|my maiden name)\b/gi;
const MAN =
  /\b(?:my (?:late |first |second |dear )?wife|(?:when|while|since) I was (?:a |just a )?(?:little |young |small |teenage )?(?:boy|lad)|as a (?:little |young )?(?:boy|lad)|I was a (?:widower|groom|bridegroom|boy|lad))\b/gi;

export function narratorSexOf(text: string): NarratorSex | undefined {
  const woman = text.match(WOMAN)?.length ?? 0;
  const man = text.match(MAN)?.length ?? 0;
  if (woman > man) return 'female';
  if (man > woman) return 'male';
  return undefined;
}
