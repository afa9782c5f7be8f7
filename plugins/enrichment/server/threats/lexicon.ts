/**
 * Word lists of the threats-of-violence detector (English). Each list is one ingredient of the rule
 * "speaker or call to others + modal / future / imperative + violent verb + target"; the blockers (negation,
 * reported speech, hypotheticals, games, idioms) are lists too, so a reviewer can see exactly why a post matched.
 */

/** Violent verbs (all inflections) with their weight: 1 = lethal or maiming, 0.7 = assault, 0.5 = weak/ambiguous. */
export const VIOLENT_VERBS: ReadonlyMap<string, number> = new Map(Object.entries({
  kill: 1, kills: 1, killing: 1, killed: 1, murder: 1, murders: 1, murdering: 1, murdered: 1, murk: 1, murked: 1,
  shoot: 1, shoots: 1, shooting: 1, shot: 1, stab: 1, stabs: 1, stabbed: 1, stabbing: 1, behead: 1, beheaded: 1,
  killin: 1, shootin: 1, stabbin: 1, murderin: 1, beatin: 0.7,
  hang: 1, hanged: 1, lynch: 1, lynched: 1, bomb: 1, bombed: 1, bombing: 1, strangle: 1, strangled: 1,
  choke: 0.8, choked: 0.8, slit: 1, gut: 1, execute: 1, executed: 1, assassinate: 1, assassinated: 1,
  slaughter: 1, slaughtered: 1, massacre: 1, exterminate: 1, rape: 1, drown: 1, drowned: 1, torch: 1, torched: 1,
  burn: 0.8, burned: 0.8, burning: 0.8, burnt: 0.8, stomp: 0.8, bash: 0.8, smash: 0.7, cut: 0.6, bleed: 0.8,
  beat: 0.7, beating: 0.7, punch: 0.6, hurt: 0.7, harm: 0.7, die: 0.8, dead: 0.6, bullet: 1, bullets: 1,
  strap: 0.5, break: 0.5, jump: 0.4, attack: 0.6, crack: 0.4, flattened: 0.8, end: 0.6,
  // Weapons: "I'm bringing a gun", "waiting outside with a knife" threaten with the speaker's intent and a target.
  gun: 0.6, guns: 0.6, shotgun: 0.7, rifle: 0.7, rifles: 0.7, knife: 0.7, crowbar: 0.6, machete: 0.8, bat: 0.4, ak: 0.7, glock: 0.7,
}));

/** Weapon nouns: their target may come before them ("coming to your house with my shotgun"). */
export const WEAPONS: ReadonlySet<string> = new Set(['gun', 'guns', 'shotgun', 'rifle', 'rifles', 'knife', 'crowbar', 'machete', 'bat', 'ak', 'glock', 'strap']);

/** Two- or three-word violent phrases (joined with spaces), matched before single words. */
export const VIOLENT_PHRASES: ReadonlyMap<string, number> = new Map(Object.entries({
  'blow up': 1, 'shoot up': 1, 'run over': 0.9, 'set fire': 1, 'body bag': 1, 'light him up': 1, 'light them up': 1,
  'put a bullet': 1, 'string them up': 1, 'beat up': 0.8, 'beat the shit': 0.8, 'knock your teeth': 0.8,
  'break every bone': 0.9, 'break your neck': 1, 'break his legs': 0.9, 'break her fingers': 0.9, 'break his hands': 0.9,
  'crack their skulls': 0.9, 'bash your skull': 1, 'days are numbered': 0.8, 'fist through': 0.8, 'throat cut': 1,
  'watch your back': 0.7, 'lined up and shot': 1, 'make them bleed': 1,
  'make them pay in blood': 1, 'hunt down': 0.6, 'on fire': 0.8, 'met with bullets': 1,
  'knock his teeth': 0.8, 'knock her teeth': 0.8,
}));

/** Verbs that only threaten with a following person (cut the cake, break the record, attack the problem). */
export const NEEDS_PERSON_TARGET: ReadonlySet<string> = new Set([
  'cut', 'break', 'jump', 'attack', 'crack', 'smash', 'beat', 'beating', 'punch', 'choke', 'hurt', 'harm', 'bash', 'stomp',
  'kill', 'kills', 'killing', 'killed', 'murder', 'murdering', 'shoot', 'shooting', 'shot', 'strap',
  'end', 'hunt down', 'gun', 'guns', 'shotgun', 'rifle', 'rifles', 'knife', 'crowbar', 'machete', 'bat', 'ak', 'glock',
]);

/** Intent markers: future, modal and plan words between the speaker and the verb. */
export const INTENT: ReadonlySet<string> = new Set([
  'will', 'shall', 'going', 'gonna', 'about', 'plan', 'planning', 'want', 'wanna', 'coming', 'bringing', 'ready',
  'gotta', 'got', 'finna', 'intend', 'swear', 'promise', 'must', 'should', 'need', 'needs', 'deserve', 'deserves',
  // A time ahead makes a present tense a plan: "tomorrow we kill the occupiers".
  'tomorrow', 'tonight', 'soon', 'next',
]);

export const SPEAKERS: ReadonlySet<string> = new Set(['i', 'we', 'myself']);

/** Words that turn a violent verb into a call for others to act. */
export const CALLERS: ReadonlySet<string> = new Set([
  'someone', 'somebody', 'anyone', 'anybody', 'everyone', 'everybody', 'whoever', 'y\'all', 'yall', 'guys', 'brothers',
  'patriots', 'people', 'us',
]);
export const CALL_MODALS: ReadonlySet<string> = new Set(['should', 'must', 'needs', 'need', 'deserves', 'deserve', 'time', 'please', 'let', 'go', 'hope', 'gotta']);

/** People and groups a threat can be aimed at (after `the`, `that`, `my`, `every`, `all` ...). */
export const PERSON_NOUNS: ReadonlySet<string> = new Set([
  'you', 'him', 'her', 'them', 'they', 'he', 'she', 'ya', 'yourself', 'his', 'their', 'anyone', 'everyone', 'everybody',
  'judge', 'judges', 'senator', 'senators', 'president', 'governor', 'mayor', 'cop', 'cops', 'police', 'officer', 'officers',
  'reporter', 'reporters', 'journalist', 'journalists', 'landlord', 'boss', 'manager', 'ex', 'wife', 'husband', 'girlfriend',
  'boyfriend', 'kids', 'daughter', 'son', 'family', 'traitor', 'traitors', 'immigrant', 'immigrants', 'protesters',
  'politician', 'politicians', 'doctor', 'pastor', 'priest', 'teacher', 'councilman', 'councilwoman', 'councillor',
  'officials', 'official', 'workers', 'agents', 'feds', 'occupiers', 'snitch', 'rat', 'pedos', 'looters', 'staff',
  'director', 'congress', 'congresswoman', 'congressman', 'streamer', 'neighbor', 'neighbour', 'brother', 'sister',
  'lady', 'guy', 'man', 'woman', 'dude', 'bitch', 'bastard', 'cunt', 'faggot', 'vermin', 'dog', 'pig', 'pigs', 'jew', 'jews',
  'muslims', 'blacks', 'whites', 'gays', 'liberals', 'conservatives', 'democrats', 'republicans', 'leftists', 'people',
  'your', 'mods', 'admins', 'candidate', 'minister', 'mp', 'king', 'queen', 'trump', 'biden',
]);

/** Verbs whose target may be a place (arson, bombing, shooting up). */
export const PLACE_VERBS: ReadonlySet<string> = new Set([
  'burn', 'burned', 'burning', 'torch', 'bomb', 'blow up', 'set fire', 'on fire', 'shoot up', 'gun', 'guns', 'rifle', 'shotgun',
]);

/** Places whose burning or bombing is violence against the people in them. */
export const PLACE_TARGETS: ReadonlySet<string> = new Set([
  'house', 'home', 'car', 'mosque', 'synagogue', 'church', 'temple', 'school', 'clinic', 'office', 'offices', 'building',
  'center', 'centre', 'city', 'place', 'capitol', 'courthouse', 'refinery', 'airport', 'rally', 'station', 'parliament',
  'hospital', 'store', 'shop', 'block', 'town', 'street', 'streets',
]);

export const NEGATIONS: ReadonlySet<string> = new Set([
  'not', 'never', 'no', 'nobody', 'noone', 'refuse', 'without', 'nothing', 'neither', 'nor', 'stop', 'quit',
]);

/** Reported speech and news framing: the writer tells what someone else said or did. */
export const REPORTING: ReadonlySet<string> = new Set([
  'said', 'says', 'say', 'told', 'tells', 'wrote', 'writes', 'texted', 'tweeted', 'posted', 'posting', 'claimed', 'claims',
  'allegedly', 'alleged', 'threatened', 'threatening', 'threatens', 'threat', 'threats', 'accused', 'charged', 'arrested',
  'convicted', 'sentenced', 'jailed', 'admitted', 'according', 'testified', 'reported', 'reports', 'report', 'chanted',
  'shouted', 'shouting', 'yelled', 'yells', 'saying', 'replying', 'comments', 'discussed', 'plot', 'plotting', 'indictment',
  'documents', 'screenshots', 'message', 'voicemail', 'dm', 'lyrics', 'quote', 'movie', 'film', 'novel', 'excerpt',
  'prompt', 'villain', 'leaked', 'witnesses', 'prosecutor', 'suspect', 'defendant', 'warn', 'warns', 'video', 'shows',
  'reminder', 'read', 'reading', 'joking', 'telling', 'incitement', 'crime', 'headline', 'breaking', 'update',
]);

/** Game, sport, performance and contest words: violent verbs there are moves, not threats. */
export const GAME_CONTEXT: ReadonlySet<string> = new Set([
  'round', 'rounds', 'match', 'game', 'games', 'gaming', 'gamer', 'noob', 'noobs', 'ranked', 'raid', 'pvp', 'pve',
  'respawn', 'spawn', 'squad', 'lobby', 'gg', 'stream', 'streaming', 'team', 'guild', 'clan', 'level', 'character', 'map',
  'play', 'playing', 'final', 'finals', 'chess', 'tournament', 'league', 'playoffs', 'season', 'fortnite', 'warzone',
  'minecraft', 'valorant', 'apex', 'elden', 'skyrim', 'overwatch', 'roblox', 'zombies', 'orcs', 'dragon', 'horde', 'siege',
  'speedrun', 'loot', 'xbox', 'ps5', 'twitch', 'console', 'headshot', 'respawns', 'multiplayer', 'server', 'quest', 'npc',
  'mario', 'exam', 'test', 'quarterback', 'defense', 'offense', 'nba', 'nfl', 'goal', 'score', 'champ', 'fight', 'boxing',
  'ufc', 'competition', 'charts', 'concert', 'setlist', 'enemy', 'enemies',
]);

/** Questions, fiction and thought experiments. */
export const HYPOTHETICAL: ReadonlySet<string> = new Set([
  'imagine', 'hypothetically', 'suppose', 'poll', 'question', 'legal', 'legally', 'law', 'laws', 'ethics', 'philosophy',
  'apocalypse', 'were', 'would',
]);

/** Idioms where the violent word is figurative: matched on the normalised token string. */
export const IDIOMS: readonly RegExp[] = [
  /\bkilling (it|me)\b/, /\b(kill|killing) time\b/, /\bkill two birds\b/, /\bshoot (me|us) an?\b/, /\bshoot (his|her|your|my) shot\b/,
  /\bbreak a leg\b/, /\bi am dead\b/, /\bmurder a (burger|pizza|beer|pint|coffee)\b/, /\b(is|are) (going to be )?the death of me\b/,
  /\b(going to|will) (kill|murder) me\b/, /\bblow (up )?the (charts|competition)\b/, /\bkill (this|the) (exam|bill|diet|meeting|vibe)\b/,
  /\bshoot the (video|film|scene|map)\b/, /\bkill switch\b/, /\bhang out\b/, /\bbombed\b/,
];
