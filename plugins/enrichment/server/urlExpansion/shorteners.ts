/**
 * Registrable domains of link shorteners and share redirectors. Only these are expanded by default: expanding
 * every link would mean one outbound request per distinct URL of a conversation, and ordinary article URLs are
 * already final.
 */
export const SHORTENER_DOMAINS: ReadonlySet<string> = new Set([
  'bit.ly', 'bitly.com', 'j.mp', 't.co', 'tinyurl.com', 'ow.ly', 'buff.ly', 'goo.gl', 'is.gd', 'v.gd', 'dlvr.it',
  'ift.tt', 'fb.me', 'lnkd.in', 'trib.al', 'shorturl.at', 'rebrand.ly', 'tiny.cc', 'cutt.ly', 't.ly', 'bl.ink',
  'amzn.to', 'wp.me', 'youtu.be', 'rb.gy', 'soo.gd', 's.id', 'shorte.st', 'adf.ly', 'tr.im', 'po.st', 'su.pr',
  'qr.ae', 'x.co', 'db.tt', 'aje.io', 'reut.rs', 'nyti.ms', 'wapo.st', 'bbc.in', 'cnn.it', 'hill.cm', 'politi.co',
  'apne.ws', 'on.rt.com', 'tinyl.io', 'msft.it', 'spoti.fi', 'flip.it', 'linktr.ee', 'bitly.ws', 'zpr.io',
]);
