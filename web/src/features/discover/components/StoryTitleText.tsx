/** A story title; audio stories start with a music note (spec section 2), spelled out for screen readers. */
export function StoryTitleText({ title, isAudio }: { title: string; isAudio: boolean }) {
  return (
    <>
      {isAudio && (
        <>
          <span aria-hidden="true">♪ </span>
          <span className="visually-hidden">Audio story: </span>
        </>
      )}
      <span dir="auto">{title}</span>
    </>
  );
}
