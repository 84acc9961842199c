import { splitParagraphs } from '#web/lib/format.ts';

/** The story's text as paragraphs split on line breaks (spec section 2). Rendered as text, never HTML. */
export function StoryParagraphs({ text }: { text: string }) {
  const paragraphs = splitParagraphs(text);
  return (
    <div className="story-text">
      {paragraphs.map((paragraph, i) => (
        // Paragraphs have no identity of their own; their order is the story's.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for a given text.
        <p key={i} dir="auto">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
