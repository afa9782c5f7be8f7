/**
 * The most frequent function words (articles, pronouns, prepositions, auxiliaries) of the Latin-script languages
 * posts most often mix with English and Spanish. Function words are what short texts have in common with their
 * language, whatever the topic; words shared by two languages are listed in both and so decide nothing.
 */
export const FUNCTION_WORDS: Record<string, readonly string[]> = {
  en: ['the', 'and', 'is', 'are', 'was', 'were', 'of', 'to', 'in', 'that', 'it', 'you', 'he', 'she', 'we', 'they', 'this',
    'with', 'for', 'on', 'have', 'has', 'be', 'not', 'but', 'what', 'my', 'your', 'just', 'will', 'can', 'at', 'from', 'do',
    'i', "i'm", 'im', 'me', 'so', 'all', 'if', 'about', 'get', 'like', 'would', 'there', 'their', 'when', 'who', 'been',
    'an', 'or', 'out', 'up', 'how', 'our', 'us', 'him', 'her', 'his', 'them', 'than', 'then', 'its', "it's", "don't", 'dont',
    'why', 'now'],
  es: ['el', 'la', 'los', 'las', 'de', 'que', 'y', 'en', 'un', 'una', 'es', 'por', 'con', 'para', 'del', 'al', 'se', 'lo',
    'como', 'más', 'pero', 'sus', 'su', 'le', 'ya', 'o', 'este', 'esta', 'sí', 'porque', 'muy', 'sin', 'sobre', 'también',
    'me', 'hasta', 'hay', 'donde', 'quien', 'desde', 'todo', 'nos', 'durante', 'todos', 'uno', 'les', 'ni', 'contra',
    'otros', 'ese', 'eso', 'ante', 'ellos', 'esto', 'mí', 'antes', 'algunos', 'qué', 'unos', 'yo', 'otro', 'otras', 'él',
    'tanto', 'esa', 'estos', 'mucho', 'quienes', 'nada', 'muchos', 'cual', 'poco', 'ella', 'estar', 'estas', 'algo',
    'nosotros', 'mi', 'mis', 'tú', 'te', 'ti', 'tu', 'tus', 'ellas', 'está', 'están', 'son', 'fue', 'ser', 'hoy', 'cuando'],
  pt: ['o', 'os', 'as', 'de', 'que', 'e', 'do', 'da', 'em', 'um', 'uma', 'para', 'com', 'não', 'no', 'na', 'por', 'mais',
    'dos', 'das', 'como', 'mas', 'foi', 'ao', 'ele', 'ela', 'à', 'seu', 'sua', 'ou', 'ser', 'quando', 'muito', 'há', 'nos',
    'já', 'está', 'eu', 'também', 'só', 'pelo', 'pela', 'até', 'isso', 'entre', 'era', 'depois', 'sem', 'mesmo', 'aos',
    'ter', 'seus', 'quem', 'nas', 'me', 'esse', 'eles', 'estão', 'você', 'tinha', 'foram', 'essa', 'num', 'nem', 'meu',
    'minha', 'têm', 'numa', 'pelos', 'elas', 'havia', 'seja', 'qual', 'será', 'nós', 'tenho', 'lhe', 'deles', 'vai', 'isto'],
  fr: ['le', 'la', 'les', 'de', 'des', 'du', 'et', 'un', 'une', 'est', 'en', 'que', 'qui', 'dans', 'pour', 'pas', 'sur',
    'au', 'aux', 'avec', 'ce', 'cette', 'il', 'elle', 'ils', 'nous', 'vous', 'je', 'tu', 'ne', 'se', 'sont', 'mais', 'ou',
    'par', 'plus', 'son', 'sa', 'ses', 'leur', 'on', 'été', 'être', 'avoir', 'fait', 'très', "c'est", "j'ai", 'moi', 'toi',
    'mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'comme', 'tout', 'tous', 'aussi', 'bien', 'encore', 'alors', 'donc', 'rien'],
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'ein', 'eine', 'zu', 'den', 'mit', 'sich', 'des', 'auf', 'für', 'im',
    'dem', 'von', 'auch', 'es', 'an', 'er', 'sie', 'wir', 'ihr', 'ich', 'du', 'so', 'wie', 'aber', 'noch', 'nach', 'bei',
    'aus', 'wenn', 'nur', 'oder', 'sind', 'war', 'hat', 'haben', 'wird', 'werden', 'kann', 'schon', 'mehr', 'einen',
    'einem', 'einer', 'keine', 'kein', 'diese', 'dieser', 'mir', 'mich', 'dich', 'uns', 'euch', 'heute', 'jetzt', 'hier'],
  it: ['il', 'lo', 'la', 'gli', 'le', 'di', 'che', 'e', 'è', 'un', 'una', 'per', 'non', 'del', 'della', 'dei', 'delle',
    'con', 'sono', 'si', 'al', 'alla', 'nel', 'nella', 'mi', 'ti', 'ci', 'io', 'tu', 'lui', 'lei', 'noi', 'voi', 'loro',
    'ma', 'come', 'anche', 'più', 'questo', 'questa', 'quello', 'quella', 'tutto', 'tutti', 'ha', 'ho', 'hanno', 'essere',
    'stato', 'molto', 'perché', 'quando', 'ancora', 'oggi', 'sempre', 'già', 'cosa', 'dove', 'chi', 'solo', 'dopo'],
};

/** Frequent English content words of posts: language evidence, but not stop words for first_ngram. */
export const ENGLISH_CONTENT_CUES: readonly string[] = [
  'going', 'know', 'think', 'see', 'day', 'today', 'tomorrow', 'night', 'love', 'good', 'new', 'time', 'people', 'got',
];

/** Letters only some of these languages use; each adds to that language's evidence. */
export const MARKER_LETTERS: Record<string, RegExp> = {
  es: /[ñ¿¡]/g,
  pt: /[ãõç]/g,
  fr: /[èêëîôûœ]/g,
  de: /[äöüß]/g,
};
