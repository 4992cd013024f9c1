// Types for the one module of @nlpjs/lang-ru the analysis imports (the package ships none).
declare module '@nlpjs/lang-ru/src/stemmer-ru' {
  export default class StemmerRu {
    stemWord(word: string): string;
  }
}
