import { splitDenials } from '../../shared/domain/ticket/classifier/denials';
import { EmbeddedClassifier } from '../../shared/domain/ticket/classifier/embedded';
import { languagePack, readings, terms, words } from '../../shared/domain/ticket/classifier/language';
import { conceptLookup } from '../../shared/domain/ticket/classifier/vocabulary';
import { NINE_CATEGORIES, ticket } from '../support/classifier-fixtures';

/**
 * Issue 20, round 7: German compounds read by their head, words whose stems meet another
 * concept's ("customer" is no "customs"), money amounts, denials of sign-in and power, topics
 * put off ("billing can wait"), and symptoms by what the customer sees, hears or measures in
 * the four languages (support-vocabulary.json v7).
 */
const classifier = new EmbeddedClassifier();
const categoryOf = async (title: string, ...customer: string[]) =>
  (await classifier.assess(ticket(title, ...customer.map((c): ['customer', string] => ['customer', c])), NINE_CATEGORIES)).category;

/** The concepts one word points to, in `language`. */
async function conceptsOf(word: string, language: 'en' | 'de' | 'es' | 'fr') {
  const [pack, lookup] = await Promise.all([languagePack(language), conceptLookup(language)]);
  const [term] = terms(words(word), pack);
  return (term && lookup(term)?.map((h) => h.concept)) ?? [];
}

describe('German compounds: an unknown word means what its head means', () => {
  it('reads "Jahresabo" as billing and "Ersteinrichtung" as installation; a compound of two known words keeps both halves', async () => {
    expect(await conceptsOf('Jahresabo', 'de')).toEqual(['billing']);
    expect(await conceptsOf('Ersteinrichtung', 'de')).toEqual(['installation']);
    // "WLAN-Passwort" is a wifi password: the modifier counts too, at half weight each.
    expect((await conceptsOf('Wlanpasswort', 'de')).sort()).toEqual(['account', 'connectivity']);
    // A head of four letters that only a stem matches is no head ("Installateur" is not "teuer").
    expect(await conceptsOf('Installateur', 'de')).not.toContain('billing');
    // English words are never split.
    expect(await conceptsOf('subscriptionish', 'en')).toEqual([]);
  });

  it('categorises terse German titles that only a compound carries', async () => {
    expect(await categoryOf('Anruf: Kundin möchte vom Monats- auf Jahresabo wechseln')).toBe('Billing');
    expect(await categoryOf('Ersteinrichtung neues Gerät')).toBe('Installation');
  });
});

describe('a title whose language nothing tells is read in German, French or Spanish where English knows a word not', () => {
  it.each([
    ['Abonnements annules', 'Billing'],
    ['Factures manquantes', 'Billing'],
    ['Lieferungen verspaetet', 'Shipping'],
    ['Capteurs deconnectes', 'Connectivity'],
    ['Montageplatten fehlen', 'Installation'],
    // English words keep their English reading.
    ['Pairing failed', 'Connectivity'],
  ])('%s -> %s', async (title, want) => {
    expect(await categoryOf(title)).toBe(want);
  });
});

describe('words whose stems meet another concept', () => {
  it('"customer" is not "customs" (the stemmer makes both "custom"); "customs" still is shipping', async () => {
    expect(await conceptsOf('customer', 'en')).toEqual([]);
    expect(await conceptsOf('customs', 'en')).toEqual(['shipping']);
    expect(await categoryOf('Customer reports keypad only works while the USB cable is in')).toBe('Power');
    expect(await categoryOf('Call 14:22 - customer locked out after too many attempts')).toBe('Account');
  });

  it('everyday words that only share a stem with a support word point nowhere: "read" the manual, the "main" menu, a "brick" wall, a "different" router, "pris" (took)', async () => {
    for (const [word, language] of [['read', 'en'], ['main', 'en'], ['brick', 'en'], ['different', 'en'], ['extend', 'en'], ['short', 'en'], ['piece', 'en'], ['lock', 'en'], ['lighting', 'en'], ['building', 'en'], ['pris', 'fr'], ['signale', 'fr'], ['doble', 'es'], ['recibir', 'es']] as const) {
      expect([word, await conceptsOf(word, language)]).toEqual([word, []]);
    }
    // Their support forms still count.
    expect(await conceptsOf('readings', 'en')).toEqual(['accuracy']);
    expect(await conceptsOf('mains', 'en')).toEqual(['power']);
    expect(await conceptsOf('bricked', 'en')).toEqual(['firmware']);
    expect(await conceptsOf('prise', 'fr')).toEqual(['power']);
    expect(await categoryOf('which screws for brick')).toBe('Installation');
  });

  it('"bloqué" alone is no account word: an update stuck at 45 % is firmware, a blocked account still account', async () => {
    expect(await categoryOf('mise à jour bloquée à 45 %')).toBe('Firmware');
    expect(await categoryOf('compte bloqué')).toBe('Account');
  });
});

describe('money amounts are a reading', () => {
  it('a price with a currency, or ending in .99, reads as money; versions, dates and plain numbers do not', () => {
    expect(readings('charged 9.99 again')).toContain('money');
    expect(readings('paid €12,50 twice')).toContain('money');
    expect(readings('49 eur per month')).toContain('money');
    expect(readings('since 4.2.1')).not.toContain('money');
    expect(readings('order 4417 from 03.05')).not.toContain('money');
  });

  it('"why was i charged 9.99" is billing ("charged" alone is split with power)', async () => {
    expect(await categoryOf('why was i charged 9.99 i cancled')).toBe('Billing');
  });
});

describe('denials and topics put off', () => {
  it('a customer who is logged in, or whose power is back, denies account or power', () => {
    expect(splitDenials('no. password is fine, I am logged in. the barn ones just say no connection').denied).toEqual([' password is fine', ' I am logged in']);
    expect(splitDenials('Power is back, gateway is on').denied).toEqual(['Power is back']);
    expect(splitDenials("I can't log in").denied).toEqual([]);
  });

  it('"billing can wait" (and kann warten, peut attendre, puede esperar) is not the problem', async () => {
    expect(splitDenials('setting up the new thermostat (billing question can wait)').denied).toHaveLength(1);
    expect(splitDenials('die Rechnung kann warten').denied).toHaveLength(1);
    expect(await categoryOf('setting up the new thermostat (billing question can wait)')).toBe('Installation');
  });
});

describe('symptoms by what the customer sees, hears or measures, in four languages (vocabulary v7)', () => {
  it.each([
    ['the plastic is broke on the side where the clip go', 'When I take it out from the holder the clip part break and now is a hole in the side.', 'Hardware damage'],
    ['controller sat in flood water', 'The boiler room flooded last night.', 'Hardware damage'],
    ['se quebró la pestaña del sensor', '', 'Hardware damage'],
    ['door says open but it is closed', 'front door sensor keeps saying OPEN while the door is shut and locked', 'Sensor accuracy'],
    ['the scale show 3 kg more than in the pharmacy', 'I weigh myself in the pharmacy and it is 71 kg. Your scale say 74 kg. I put it on hard floor like in the instruction.', 'Sensor accuracy'],
    ['charging light blinks red and never goes green', '', 'Power'],
    ['Fwd: keypad dying', 'the keypad by the bin store needs fresh AA cells every fortnight. The manual says about a year.', 'Power'],
    ['G3 gw err E-104 no uplink, site 4417', '', 'Connectivity'],
    ['Mon thermostat est pu capable de se connecter au wifi, là', '', 'Connectivity'],
    ['how to put it on plasterboard', '', 'Installation'],
    ['zwei N-Klemmen am Aktor, welche?', 'Laut Plan gehört der Neutralleiter auf N, aber am Gerät gibt es zwei N-Klemmen.', 'Installation'],
    ['Celsius option gone since the update', '', 'Firmware'],
    ['add our new treasurer as an administrator', '', 'Account'],
    ['Fwd: accounts payable query', '', 'Billing'],
    ['appairage impossible', '', 'Connectivity'],
    ['Autonomie très faible', '', 'Power'],
    ['stuck at 1% while plugged in', '', 'Power'],
    ['dead pixels and a dark patch on the display', '', 'Hardware damage'],
    ['magnet gap on the door contact', '', 'Installation'],
    ['low batt warning every single day', '', 'Power'],
    ['¿es estable la 6.2?', '', 'Firmware'],
  ])('%s', async (title, text, want) => {
    expect(await categoryOf(title, ...(text ? [text] : []))).toBe(want);
  });
});
