interface WithShopTextProps {
  /** Our sentence, in the screen's language, with `part` in it. */
  text: string;
  /** The shop's text inside it (a person's name from the API); null: none. */
  part: string | null;
  /** The shop's content language. */
  lang: string;
}

/**
 * One of our sentences with a text of the shop's in it: that part marked with the shop's
 * content language (issue 38), so that audio mode and a screen reader say it in that language.
 */
export function WithShopText({ text, part, lang }: WithShopTextProps) {
  const at = part ? text.indexOf(part) : -1;
  if (!part || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span lang={lang}>{part}</span>
      {text.slice(at + part.length)}
    </>
  );
}
