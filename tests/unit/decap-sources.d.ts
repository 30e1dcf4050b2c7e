// Decap's English phrases, read from the package's sources by tests/unit/cms-wording.test.ts.
declare module 'decap-cms-locales/src/en/index.js' {
  interface Phrases {
    [key: string]: string | Phrases;
  }
  const en: Phrases & {
    editor: { editorControlPane: { widget: { regexPattern: string; required: string } } };
  };
  export default en;
}
