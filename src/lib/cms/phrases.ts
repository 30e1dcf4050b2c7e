// Decap's English wording where it reads as jargon to an editor. Its message for a value that does
// not match a field's pattern is "Tag didn't match the pattern: <our text>."; the text of every
// pattern in admin/config.yml already says what to do ("Write a tag of at most 40 characters"), so
// the message is that text alone.
type Phrases = { [key: string]: string | Phrases };

export const PATTERN_MESSAGE = '%{pattern}.';

/** A copy of Decap's phrases for one language with ours in place. */
export function withOurPhrases<T extends Phrases>(phrases: T): T {
  const copy = structuredClone(phrases) as Phrases;
  const widget = ((copy.editor as Phrases).editorControlPane as Phrases).widget as Phrases;
  widget.regexPattern = PATTERN_MESSAGE;
  return copy as T;
}
