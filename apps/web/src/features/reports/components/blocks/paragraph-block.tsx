/** A paragraph of the report's text (drawn as text: nothing in it is interpreted). */
export function ParagraphBlock({ text }: { text: string }) {
  return <p className="max-w-prose leading-relaxed text-pretty">{text}</p>;
}
