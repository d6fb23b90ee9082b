import { EmbeddedClassifier, ticketFeatures } from '../../shared/domain/ticket/classifier/embedded';
import { words } from '../../shared/domain/ticket/classifier/language';
import { vocabularyRewriter } from '../../shared/domain/ticket/classifier/vocabulary';
import { NINE_CATEGORIES, ticket } from '../support/classifier-fixtures';

/**
 * Issue 20, round 9: zero-shot families found in held-out v9's misses (docs/categorisation.md, "Round 9").
 * The tickets are paraphrases written for these tests, in the four languages where a rule is
 * language-bound; none is a bench ticket.
 */
const classifier = new EmbeddedClassifier();
const categoryOf = async (t: ReturnType<typeof ticket>) => (await classifier.assess(t, NINE_CATEGORIES)).category;
const wordsOf = (text: string) => words(text, vocabularyRewriter());

describe('site and electrical prerequisites an installer asks about are installation', () => {
  it.each([
    ['Can the charging post be bolted onto a plinth or does it need a footing?'],
    ['what clearance does the cabinet need on each side?'],
    ['in which order do I wire the inverter and the panels?'],
    ['Wie tief müssen die Bodenfühler in die Erde?'],
    ['Welcher FI-Schalter gehört vor die Ladesäule?'],
    ['Quelle profondeur pour les sondes de sol ?'],
    ['Quel différentiel pour la wallbox ?'],
    ['¿A qué profundidad van las sondas de riego?'],
    ['¿Se puede instalar el cargador tirando línea desde el cuadro del sótano?'],
  ])('"%s"', async (title) => {
    expect(await categoryOf(ticket(title))).toBe('Installation');
  });

  it('"in which order" is a sequence, not a shipping order', async () => {
    const features = await ticketFeatures(ticket('in which order do I wire the inverter and the panels?'));
    expect(features.get('@shipping') ?? 0).toBe(0);
  });
});

describe('people who left, single sign-on and access rights are account', () => {
  it.each([
    ['our technician quit in March and can still see every alert on his phone, how do I take him off?'],
    ['is single sign-on with Google possible for our 40 dispatchers?'],
    ['Die ehemalige Mitarbeiterin sieht noch alle Alarme'],
    ['Une ancienne salariée reçoit encore les alertes'],
    ['Un ex empleado todavía recibe las alertas'],
  ])('"%s"', async (title) => {
    expect(await categoryOf(ticket(title))).toBe('Account');
  });
});

describe('where a shop ships to, and an order not sent yet, are shipping', () => {
  it.each([
    ['Do you send to Iceland, and how many days?'],
    ['Liefern Sie nach Luxemburg?'],
    ['Envoyez-vous en Corse ?'],
  ])('"%s"', async (title) => {
    expect(await categoryOf(ticket(title))).toBe('Shipping');
  });

  it.each([["the spare hub you promised still hasn't been sent"], ['the spare hub you promised still hasn’t been sent']])('a phrase with an apostrophe stays one word, with either apostrophe: "%s"', (text) => {
    expect(wordsOf(text)).toContain('hasntbeensent');
  });
});

describe('readings (round 9)', () => {
  it.each([
    ['ordered three sirens, got three door sensors'],
    ['I ordered a white one but received a black one'],
    ['Zwei Sirenen bestellt, zwei Türkontakte bekommen'],
    ["J'ai commandé deux sirènes et j'ai reçu deux détecteurs"],
    ['Pedí dos sirenas y me llegaron dos sensores'],
  ])('"ordered …, got …" is the wrong item: "%s"', async (title) => {
    expect(wordsOf(title)).toContain('orderedgot');
    expect(await categoryOf(ticket(title))).toBe('Shipping');
  });

  it('does not read an order that was set up later as the wrong item', () => {
    expect(wordsOf('ordered the hub in May, got it set up last week and now it is offline')).not.toContain('orderedgot');
  });

  it('"send … back" is a return', async () => {
    expect(wordsOf('can I send the charger back, it was never opened')).toContain('return');
    expect(wordsOf('it came back online')).not.toContain('return');
    // A person sent back is no parcel: "the wizard keeps sending me back to step 1".
    expect(wordsOf('the wizard keeps sending me back to step 1')).not.toContain('return');
  });

  it('devices that "went dark on the map" are offline, not a black screen', async () => {
    const title = 'two of our vans went dark on the map this morning, last position at 7am';
    expect(wordsOf(title)).toContain('wentoffline');
    expect(wordsOf(title)).not.toContain('blankscreen');
    expect(await categoryOf(ticket(title))).toBe('Connectivity');
    // A screen that goes dark is still power.
    expect(wordsOf('the screen went dark and stays dark')).toContain('blankscreen');
  });
});

describe('a card or payment terminal is a device, not a wiring terminal nor a card payment', () => {
  it.each([
    ['the card terminal at the bar lost its wifi connection'],
    ['Kartenterminal verliert ständig die WLAN-Verbindung'],
    ['Le terminal de paiement perd la connexion wifi'],
    ['La terminal de pago no tiene conexión wifi'],
  ])('"%s"', async (title) => {
    const features = await ticketFeatures(ticket(title));
    expect(features.get('@installation') ?? 0).toBe(0);
    expect(features.get('@billing') ?? 0).toBe(0);
    expect(await categoryOf(ticket(title))).toBe('Connectivity');
  });
});

describe('a device that shows nothing, or sits dead in its cradle, has no power', () => {
  it.each([
    ['the handheld scanner shows nothing when I press the button'],
    ['Scanner zeigt nichts mehr, auch in der Ladeschale nicht'],
    ["Le lecteur n'affiche rien quand j'appuie sur le bouton"],
    ['El lector no muestra nada al pulsar el botón'],
  ])('"%s"', async (title) => {
    expect(await categoryOf(ticket(title))).toBe('Power');
  });

  it('a light that stays off because nobody was detected is no power word', async () => {
    const features = await ticketFeatures(ticket('the hallway light stays off when I walk past'));
    expect(features.get('@power') ?? 0).toBe(0);
  });
});

describe('a spilled drink is damage', () => {
  it.each([
    ['spilled coffee over the keypad, keys are sticky now'],
    ['Kaffee über die Tastatur verschüttet'],
    ['Du café renversé sur le clavier, les touches collent'],
    ['Derramé refresco sobre el teclado y las teclas están pegajosas'],
  ])('"%s"', async (title) => {
    expect(await categoryOf(ticket(title))).toBe('Hardware damage');
  });
});

describe('invoice details outweigh the order they refer to', () => {
  it.each([
    ['Bestellung 4471: bitte unsere Steuernummer auf der Rechnung ergänzen'],
    ['Facture en double pour la commande 8812'],
    ['Pedido 3321: necesito el NIF de la empresa en la factura'],
  ])('"%s"', async (title) => {
    expect(await categoryOf(ticket(title))).toBe('Billing');
  });
});

describe('wrappers that say who wrote, not what is wrong, weigh nothing', () => {
  it('leaves e-mail and web addresses out of the words', () => {
    const out = wordsOf('please remove j.weber@nordfracht-spedition.example, guide at https://help.example.com/batteries and docs.example.org/wiring');
    expect(out).toEqual(['please', 'remove', 'guide', 'at', 'and']);
    // Versions and decimals are no addresses.
    expect(wordsOf('v7.2 reads 2.5/3')).toContain('version');
  });

  it('an address in the body no longer votes for the category its domain names', async () => {
    const features = await ticketFeatures(ticket('Access for a new colleague', ['customer', 'Please invite m.braun@kurier-versand-express.example to our fleet portal as an administrator.']));
    expect(features.get('@shipping') ?? 0).toBe(0);
    expect(features.get('@account')).toBeGreaterThan(0.5);
  });

  it.each([
    ['Partner portal – submitted by Nordlicht Elektro (reseller)\nEnd customer: Haus am See\n\nThe inverter logger has been offline since Tuesday.'],
    ['Händlerportal – eingereicht von Solar Süd GmbH\nEndkunde: Bäckerei Maier\n\nDer Wechselrichter ist seit Dienstag offline.'],
    ['Portail partenaire – soumis par Elec Ouest (revendeur)\nClient final : Ferme Dupont\n\nLe boîtier est hors ligne depuis mardi.'],
    ['Portal de distribuidores – enviado por Solar Sur (distribuidor)\nCliente final: Bodega Ruiz\n\nEl registrador está sin conexión desde el martes.'],
  ])('drops partner-portal header lines: %s', async (description) => {
    const features = await ticketFeatures({ title: 'Logger offline', description, messages: [] });
    // "reseller", "revendeur", "distribuidor", "Bäckerei" and the like are left out; the request stays.
    for (const word of ['resel', 'revendeur', 'distribuidor', 'endkund', 'portal', 'portail']) expect(features.has(word)).toBe(false);
    expect(await categoryOf({ title: 'Logger offline', description, messages: [] })).toBe('Connectivity');
  });
});

describe('second pass: the same families in other words (round 9)', () => {
  it.each([
    ['Installation', 'what cable cross-section do I need for 30 m to the carport?'],
    ['Installation', 'does the controller need a separate circuit?'],
    ['Installation', 'Welcher Kabelquerschnitt für 20 Meter bis zur Garage?'],
    ['Installation', 'Quelle section de câble pour 30 mètres ?'],
    ['Installation', '¿Qué sección de cable para 30 metros hasta el garaje?'],
    ['Shipping', 'Versenden Sie auch nach Dänemark?'],
    ['Power', 'Das Handgerät zeigt gar nichts mehr'],
    ["Power", "Le lecteur n'affiche plus rien du tout"],
    ['Power', 'El acumulador se vacía en pocas horas'],
  ])('%s: "%s"', async (want, title) => {
    expect(await categoryOf(ticket(title))).toBe(want);
  });

  it('a French "terminal" is the device (terminal de paiement), not an English wiring terminal', async () => {
    const features = await ticketFeatures(ticket('Le terminal ne se connecte plus au wifi'));
    expect(features.get('@installation') ?? 0).toBe(0);
  });
});
