/** wink-lemmatizer ships no types: the three functions lemmas.ts uses. */
declare module 'wink-lemmatizer' {
  const lemmatizer: {
    verb(word: string): string;
    noun(word: string): string;
    adjective(word: string): string;
  };
  export default lemmatizer;
}

/** wink-porter2-stemmer ships no types: one function, a word to its Porter 2 stem. */
declare module 'wink-porter2-stemmer' {
  const stem: (word: string) => string;
  export default stem;
}
