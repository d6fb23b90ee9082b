import type { TicketMessage } from '../../shared/domain/ticket/ticket.schema';
import type { LabelledTicket } from './classifier-set';

/**
 * Held-out set v8 for `npm run bench:classifier` (issue 20, eighth round), written blind in one
 * sitting BEFORE the round-7 second pass was measured, by an engineer who never read the
 * classifier's code, vocabulary, language packs, docs or tests, nor the other worktrees, and never
 * ran the classifier or the bench (only the bench's category list and LabelledTicket type, the
 * ticket schema and v7's export shapes). v1-v7 have been measured and are "seen". Rules for this
 * file: misses are never listed ticket by ticket, and nothing here is used to choose vocabulary,
 * weights or thresholds.
 *
 * Aim: a smart-home / small-business hardware maker's support inbox on a Monday morning (hubs,
 * door and leak sensors, thermostats, air-quality and CO2 monitors, smart plugs and locks,
 * doorbell cameras, fridge temperature loggers), described by what people experience rather
 * than by the category names' words. Voices:
 * - home owners of every age and skill (a pensioner whose daughter set it up, a teenager, a
 *   night-shift nurse), landlords and letting agents, retailers and distributors, electricians
 *   and installers writing from site, a school caretaker, a café owner, small offices;
 * - channels: short and long emails with signatures, legal disclaimers and quoted replies
 *   ("> ", "On … wrote:"); contact-form submissions ("Contact form – Topic: … Message: …");
 *   in-app feedback ("[In-app feedback] …"); chat transcripts with customer, bot and agent
 *   turns (customer first and last); phone notes typed by an agent ("Phone call: …", in the
 *   description); social-media DMs ("DM via Instagram/Facebook/X");
 * - questions ("how do I…", "is it normal that…"), follow-ups ("still not fixed, see below"),
 *   a second topic mentioned in passing while the request is clear, typos, abbreviations,
 *   mixed languages, a few emoji.
 * Only tickets a human agent would label confidently (anything that hesitated between two
 * categories was dropped while writing).
 * Each category: 21 tickets (189 in all), 13 English and 8 in German, French and Spanish (3/3/2
 * rotating, 24 of each), all four languages in every category; every category has at least one
 * conversation with a bot or an agent (customer first and last) and at least one title-only ticket.
 * Across the 189: 84 titles only (44 %, the subject line or a one-line form/DM), 17 conversations
 * with an agent or bot (11 with a bot), 15 contact forms, 9 phone notes, 3 in-app feedback, 9 DMs,
 * 9 follow-ups or replies with quoted history, 5 mails over 400 characters, 11 with emoji.
 *
 * HELDOUT_V8_EXAMPLES: three labelled tickets per category (27; the organization's examples for the
 * "after 3 examples" figure), written separately in the same sitting the way an agent picks three
 * typical past tickets, sharing no title or content with the test tickets.
 * HELDOUT_V8_NO_CATEGORY: 11 tickets that belong to no category: abstaining is the right answer.
 * HELDOUT_V8_LANGUAGES / HELDOUT_V8_EXAMPLE_LANGUAGES: the language each ticket was written in (the
 * writer's own tag), in ticket order.
 */
type M = [TicketMessage['role'], string];
type Lang = 'en' | 'de' | 'fr' | 'es';
let into: Lang[] = [];
/** A ticket: title, optional messages. */
function tk(lang: Lang, category: string, title: string, ...messages: M[]): LabelledTicket {
  into.push(lang);
  return { category, ticket: { title, description: '', messages: messages.map(([role, content]) => ({ role, content })) } };
}
/** A ticket whose text sits in the description (contact forms, phone notes, in-app feedback). */
function td(lang: Lang, category: string, title: string, description: string, ...messages: M[]): LabelledTicket {
  into.push(lang);
  return { category, ticket: { title, description, messages: messages.map(([role, content]) => ({ role, content })) } };
}
const c = (content: string): M => ['customer', content];
const a = (content: string): M => ['agent', content];
const b = (content: string): M => ['bot', content];

const testLanguages: Lang[] = [];
into = testLanguages;

export const HELDOUT_V8_TICKETS: LabelledTicket[] = [
  // --- Connectivity (13 en, 3 de, 3 fr, 2 es) ---
  tk('en', 'Connectivity', 'hub went grey in the app over the weekend, all 6 door sensors "unavailable"'),
  tk('en', 'Connectivity', 'Doorbell cam says "camera can\'t be reached" when someone rings, video never loads'),
  tk('en', 'Connectivity', 'Re: Case 48812 - still not fixed, see below',
    c("Hi Marco,\n\nStill not fixed I'm afraid. I did the restart you suggested on Friday, the plugs came back for about an hour and then the app showed them as not responding again. The router is a Fritz!Box 7590, it's in the hallway, the plugs are in the kitchen 5 m away.\n\nRegards\nJudith\n\nOn Fri, 20 Nov, Marco (Support) wrote:\n> Please unplug the smart plugs for 30 seconds and power-cycle your router.\n> Let us know if they reconnect.")),
  tk('en', 'Connectivity', 'is it normal that the leak sensor in the cellar only checks in twice a day?? app says last seen 11h ago'),
  td('en', 'Connectivity', 'Contact form – Topic: Other', "Contact form – Topic: Other\nName: Brian Kowalczyk\nProduct: Smart thermostat T2\nMessage: We changed internet company last week and got a new box with a different network name. Thermostat still trying to join the old one I think, the screen shows a little cloud with a line through it. How do I tell it about the new network without pulling it off the wall?"),
  tk('en', 'Connectivity', 'School – CO2 monitors in the new wing never show up on the dashboard',
    c("Hello, I'm the site manager at St Aidan's Primary. We put 8 of your classroom CO2 monitors in the new wing during half term. The 12 in the old building have been fine for a year. The new ones power up, the screen shows readings in the room, but none of them appear on the online dashboard. IT says the new wing is on a separate access point with a guest network that needs you to click 'accept' on a web page. Could that be it and is there a way round it?\n\nKind regards,\nGary Holt\nSite Manager\n\nThis email and any attachments are confidential and intended solely for the addressee. If you have received it in error please notify the sender.")),
  tk('en', 'Connectivity', 'Smart lock keeps dropping its bluetooth link with my phone, have to stand right at the door',
    c('Hi, the lock works when I am literally touching the door but from the car it never connects anymore. Used to unlock as I walked up the drive.'),
    b("Thanks for your message! Here are some articles that might help: 'Replacing the lock batteries', 'Auto-unlock settings'."),
    c("not the batteries, they were changed 2 weeks ago and the lock itself turns fine with the keypad. it's the phone connection that is the problem")),
  td('en', 'Connectivity', 'Phone call: gateway offline at café', "Phone call, agent notes: Caller Aisha (owner, Bean There café). Since Saturday the gateway shows offline in the portal, fridge loggers therefore not uploading. Gateway LED slow red blink. She has not changed anything; landlord had an electrician in to redo the router cabinet on Friday. Asked us to call back after 2pm."),
  tk('en', 'Connectivity', 'DM via Instagram: my plugs wont stay on the wifi 😩 every morning i have to re-add them'),
  tk('en', 'Connectivity', 'Motion sensor on the top floor out of range of the hub?'),
  tk('en', 'Connectivity', 'Tenant reports the thermostat shows "no connection" – 14 Harbour Row flat 3',
    c("Morning,\nOne of our tenants (flat 3, 14 Harbour Row) says her heating controller has said 'no connection' for a week and she can't change the temperature from her phone, only on the unit. The heating itself works. Building broadband was upgraded by the freeholder recently. Can you advise what she needs to do or whether we need to send someone?\n\nThanks,\nPriya Mehta\nLettings & Property Management\nMehta Homes Ltd")),
  tk('en', 'Connectivity', 'Pairing the new siren: app spins on "searching for devices" forever',
    c("I've added three sensors before without problems but the siren won't get found. Hub is 2 m away. Pressed the button on the back 5 sec like the leaflet says, light flashes white, app just keeps searching. Btw your last invoice had my old address on it, but that's not urgent.")),
  tk('en', 'Connectivity', 'Air monitor data stops every night between 1 and 6, graph has a gap'),
  tk('de', 'Connectivity', 'Rauchmelder-Zentrale seit dem Routertausch nicht mehr erreichbar',
    c('Guten Morgen,\nseit die Telekom uns einen neuen Router hingestellt hat, zeigt die App bei der Zentrale nur noch "nicht verbunden". Die Melder piepen nicht, alles scheint normal, nur aus der Ferne sehe ich nichts mehr. Muss ich die Zentrale neu einrichten?\n\nMit freundlichen Grüßen\nHelga Brandt')),
  tk('de', 'Connectivity', 'Steckdosen fliegen ständig aus dem WLAN, 5x am Tag neu verbinden 🙄'),
  td('de', 'Connectivity', 'Kontaktformular – Thema: Technisches Problem', "Kontaktformular – Thema: Technisches Problem\nName: Jürgen Albers, Elektro Albers GmbH\nNachricht: Bin gerade beim Kunden vor Ort. Das Türschloss lässt sich mit der App nicht koppeln, Bluetooth am Handy an, Standort an, App findet das Schloss einfach nicht. Mit dem Handy meines Kollegen dasselbe. Wie kriege ich die Verbindung hin? Kunde wartet."),
  tk('fr', 'Connectivity', "La box domotique n'apparaît plus dans l'appli depuis hier soir",
    c("Bonjour,\ndepuis hier soir l'appli me dit que la box est hors ligne. La lumière devant clignote en orange. J'ai redémarré la box internet, rien n'y fait. Mes capteurs de porte ne remontent plus rien.\nCordialement,\nMme Lefèvre")),
  tk('fr', 'Connectivity', 'caméra sonnette se déconnecte du wifi tous les soirs, normal ??'),
  tk('fr', 'Connectivity', 'Chat : le thermostat ne trouve pas mon réseau',
    c("Bonjour, le thermostat ne voit pas mon wifi dans la liste, il voit ceux des voisins mais pas le mien"),
    a("Bonjour ! Votre box diffuse-t-elle un réseau 2,4 GHz séparé, ou un seul nom de réseau ?"),
    c("un seul nom je crois, c'est une Livebox 6. comment je fais pour qu'il le trouve ?")),
  tk('es', 'Connectivity', 'El sensor de la puerta del garaje sale desconectado casi siempre',
    c('Hola, el sensor del garaje aparece como "sin conexión" en la app la mayor parte del día. El hub está en el salón, a unos 15 metros y con dos paredes en medio. ¿Necesito un repetidor o algo así?\nGracias, Tomás')),
  tk('es', 'Connectivity', 'no consigo vincular el enchufe nuevo con la app, se queda en "buscando"'),
  // --- Power (13 en, 3 de, 2 fr, 3 es) ---
  tk('en', 'Power', 'door sensor batteries only lasting 3 weeks, box says 2 years?'),
  tk('en', 'Power', 'Keypad completely dead this morning, no backlight when I press anything'),
  tk('en', 'Power', 'How long should the doorbell last between charges?',
    c("Hi there, I have to take the doorbell off the wall and charge it about every 10 days. It's on the front door, not much traffic, maybe 5 rings a day. Is that normal or is something draining it? Thanks, Denise")),
  tk('en', 'Power', 'what wattage usb adapter for the indoor cam? charging takes like 9 hours'),
  td('en', 'Power', '[In-app feedback] Thermostat', "[In-app feedback] Device: Thermostat T2 – App 5.3 (Android)\nThe screen on the thermostat goes black several times a day and then it restarts with the logo. Low battery warning shows even though we replaced the AAs yesterday with brand new ones."),
  tk('en', 'Power', "Monitor won't switch on after being in a drawer for the summer",
    c("Hello, we took the classroom air monitors out of storage for the new term. 9 of 10 came on after charging overnight. The last one shows nothing at all, no light when I plug the USB-C in, tried three different chargers and cables. What can I do?\n\nMr. D. Okafor\nScience Dept.")),
  td('en', 'Power', 'Phone call: elderly customer, hub not lighting up', "Phone call, agent notes: Mr Harold Jenkins, 81. His daughter installed the hub last year. Since the power cut on Thursday night the hub shows no lights at all, he has checked it is plugged in and the socket works (lamp works in it). Reads the label: 'Input 5V 2A'. Does not use a computer, prefers a call back on the landline."),
  tk('en', 'Power', 'Leak sensor chirping every few minutes – low battery? which battery does it take',
    c('hi, my leak sensor keeps chirping'),
    b("Hi! I'm Fleetbot 🤖 Are you asking about a leak being detected?"),
    c("no, no leak. it just chirps every few mins since yesterday, the app shows a little empty battery icon next to it. what battery do I buy and is it normal it went flat after 8 months")),
  tk('en', 'Power', 'Camera solar panel not keeping it charged anymore'),
  tk('en', 'Power', 'DM via Facebook: lock died with me outside 🙃 keypad black, had to use the key. it never warned me the batteries were low'),
  tk('en', 'Power', 'Re: two plugs in the lounge gone dark, no LED',
    c("Hi,\nFollowing up on my message from last week. Two of the four plugs I've had since spring now do nothing when plugged into the wall, no LED, no click, even in the sockets where the other two work fine. Tried a reset by holding the button, nothing happens. What next?\n\nBest,\nKev\n\nSent from my iPhone\n\n> On 16 Nov, Kev wrote:\n> Two of my plugs have stopped lighting up, any ideas?")),
  tk('en', 'Power', 'Hub on the UPS backup battery only lasts 20 mins in a power cut, spec says 8 hours'),
  tk('en', 'Power', 'Indoor siren only lasts a day when unplugged – backup battery knackered?',
    c("We unplug the siren to move it between the shop and the stockroom. It used to run for a week off its own battery, now it is flat and silent by the next morning. Had it 18 months. Can the internal battery be replaced or do I need a new unit?\n\nCheers\nRaj – Patel Hardware, Leicester")),
  tk('de', 'Power', 'Akku vom Bewegungsmelder nach 2 Monaten leer – ist das normal?'),
  tk('de', 'Power', 'Zentrale geht nicht mehr an',
    c('Hallo, nach dem Gewitter am Wochenende ist die Zentrale komplett aus, keine LED, nichts. Netzteil steckt, Steckdose geht. Hab ein anderes USB-Netzteil probiert, auch nichts. Was kann ich tun?\nGruß\nStefan')),
  tk('de', 'Power', 'Chat: Türklingel lädt nicht mehr',
    c('Hallo, meine Videoklingel lädt nicht mehr, wenn ich sie ans Kabel hänge, bleibt die Lade-LED aus.'),
    a('Guten Tag! Haben Sie ein anderes USB-Kabel und Netzteil probiert?'),
    c('Ja, zwei Kabel und das Ladegerät vom Tablet. Bleibt aus, der Akku steht in der App bei 0 %.')),
  tk('fr', 'Power', "Le détecteur de fumée bipe la nuit pour la pile, j'ai pourtant changé la pile"),
  tk('fr', 'Power', 'Serrure connectée : les piles ne tiennent que 3 semaines',
    c("Bonjour,\nje dois changer les 4 piles AA de la serrure toutes les 3 semaines, la notice parle de 6 mois. On ouvre la porte peut-être 15 fois par jour. C'est normal ?\nMerci\nPhilippe Garnier")),
  tk('es', 'Power', 'La cámara no se enciende después de cargarla toda la noche'),
  tk('es', 'Power', 'El termostato se apaga solo varias veces al día',
    c('Buenas, el termostato se queda con la pantalla en negro y a los pocos minutos vuelve a arrancar. Le he puesto pilas nuevas y sigue igual. ¿Qué puedo hacer?\nUn saludo, Carmen')),
  td('es', 'Power', 'Formulario de contacto – Tema: Problema técnico', "Formulario de contacto – Tema: Problema técnico\nNombre: Lucía Navarro\nProducto: Sensor de movimiento M1\nMensaje: El sensor dura solo dos semanas con pilas nuevas. ¿Hay algún ajuste para que gaste menos batería?"),
  // --- Billing (13 en, 2 de, 3 fr, 3 es) ---
  tk('en', 'Billing', 'Charged £4.99 for the monitoring plan after I cancelled in October'),
  tk('en', 'Billing', 'Invoice needs our PO number on it before accounts will pay',
    c("Hello,\nPlease could you reissue invoice INV-2026-10482 with our purchase order number PO 55170 shown on it? Our accounts payable team rejects invoices without a PO reference.\n\nMany thanks,\nSandra Lowe\nOffice Manager | Lowe & Hart Dental\n\nDISCLAIMER: This message may contain confidential information. If you are not the intended recipient please delete it.")),
  tk('en', 'Billing', 'why did my subscription go up from 3.99 to 5.99 without anyone telling me'),
  td('en', 'Billing', 'Contact form – Topic: Account & payments', "Contact form – Topic: Account & payments\nName: Rosa Delgado\nMessage: I returned the camera 3 weeks ago, your warehouse confirmed they got it on the 2nd. I still haven't seen the money back on my card. How long does it take?"),
  tk('en', 'Billing', 'Chat: card declined when renewing',
    c("hi my yearly plan renewal failed, it says card declined but the card is fine, I used it at the supermarket an hour ago"),
    b("I can help with that! Would you like to update your payment method? [Update payment method] [Talk to an agent]"),
    a("Hi, this is Tom. I can see two failed attempts on your renewal. Sometimes banks block the first online charge from abroad."),
    c("ok so what do i do, i don't want the cameras to stop recording. can you try again or do i pay another way?")),
  tk('en', 'Billing', 'Reseller account – statement shows credit note missing for RMA batch',
    c("Hi team,\nOur October statement doesn't include the credit note for the 12 units we sent back under RMA-3391. We were told the credit would be applied against November's order. Can you check and send an updated statement?\n\nRegards,\nNeil Ferguson\nPurchasing, BrightHome Distribution Ltd\nTel 0161 555 0192")),
  tk('en', 'Billing', 'pls stop taking money, the house is sold, we dont need the cloud plan'),
  tk('en', 'Billing', 'My husband passed away, how do I stop his direct debit for the alarm service',
    c("Dear Sir or Madam,\nMy husband Geoffrey passed away in September. He looked after all of this. I believe there is a monthly payment going out of our joint account to you for the alarm service. I would like to keep the alarm itself working but I don't know if I need to pay for anything. Could somebody please explain in simple terms what we are paying for and how to change it into my name?\n\nYours faithfully,\nMargaret Ellis")),
  tk('en', 'Billing', 'Double payment on order #80042 – paypal and card both charged'),
  td('en', 'Billing', 'Phone call: school wants quote converted to invoice', "Phone call, agent notes: Mrs Ward, bursar at Hillcrest Academy. They received quote Q-1187 (30 CO2 monitors + 3 yrs dashboard). Their finance system needs a pro-forma invoice, not a quote, before they can raise payment. Also asked if educational discount applies to the dashboard subscription. Send to bursar@hillcrest.example."),
  tk('en', 'Billing', 'Is VAT included in the price on your website? my receipt shows it added on top'),
  tk('en', 'Billing', 'DM via X: you charged me for Premium but app still says Free plan?? 😤'),
  tk('en', 'Billing', 'Re: Re: refund for the thermostat – still waiting',
    c("Hello again,\nIt's now 5 weeks. Your colleague said the refund was approved on 19 Oct. Nothing has arrived on my Amex. Please send me proof that the refund was actually made.\n\nRichard\n\n-----Original Message-----\nFrom: Support\nSent: 19 October 2026 14:02\nSubject: Re: refund for the thermostat\n> Your refund has been approved and will reach you within 5-10 working days.")),
  tk('de', 'Billing', 'Rechnung bitte auf Firma ausstellen statt auf meinen Namen',
    c('Guten Tag,\ndie Rechnung für die 4 Wassermelder wurde auf meinen privaten Namen ausgestellt. Ich brauche sie auf "Schreinerei Vogt GmbH, Industriestr. 12, 72070 Tübingen" mit unserer USt-IdNr. DE281234567. Geht das nachträglich?\nDanke und Grüße\nMarkus Vogt')),
  tk('de', 'Billing', 'Abo gekündigt aber trotzdem wieder abgebucht'),
  tk('fr', 'Billing', 'Prélèvement en double ce mois-ci sur mon compte'),
  tk('fr', 'Billing', 'Facture introuvable dans mon espace',
    c("Bonjour,\nje ne trouve pas la facture de ma commande du 3 novembre dans mon espace client, j'en ai besoin pour ma note de frais. Pouvez-vous me l'envoyer par mail ?\nBien à vous,\nClaire Dubois")),
  td('fr', 'Billing', 'Formulaire de contact – Sujet : Paiement', "Formulaire de contact – Sujet : Paiement\nNom : Antoine Mercier\nMessage : J'ai renvoyé le détecteur de fuite, vous avez confirmé la réception il y a 15 jours mais je n'ai toujours pas été remboursé. Quand vais-je recevoir mon argent ?"),
  tk('es', 'Billing', 'Me habéis cobrado la suscripción dos veces este mes'),
  tk('es', 'Billing', '¿Cómo cancelo el plan premium? no lo uso',
    c('Hola, contraté el plan premium para probar la grabación en la nube y ya no lo quiero. No encuentro dónde darlo de baja y no quiero que me cobren el mes que viene. Gracias.')),
  tk('es', 'Billing', 'Necesito factura con CIF para la empresa',
    c('Buenos días,\nsomos una gestoría y compramos 3 enchufes inteligentes. La factura salió sin nuestro CIF (B12345678). ¿Nos la podéis rehacer?\nSaludos,\nJavier Ortega\nGestoría Ortega S.L.')),
  // --- Hardware damage (13 en, 3 de, 3 fr, 2 es) ---
  tk('en', 'Hardware damage', 'Dog chewed the corner off the motion sensor, can I buy just the casing?'),
  tk('en', 'Hardware damage', 'Screen on the thermostat cracked when the ladder hit it',
    c("Decorators were in on Friday and knocked the thermostat with a ladder. Big crack right across the display, it still shows the temperature underneath but you can't really read it. Is it covered or what does a repair cost?\n\nThanks\nAlan")),
  tk('en', 'Hardware damage', 'outdoor camera full of condensation after the storm, water behind the lens 💧'),
  td('en', 'Hardware damage', 'Phone call: installer reports burnt plug', "Phone call, agent notes: Dean (DW Electrical) on site at a customer's flat. One smart plug has a scorch mark on the front and the pins are discoloured, smells burnt. It was powering a 2 kW fan heater. Plug removed and kept. He wants to know where to send it and whether the customer gets a replacement. Asked him for photos."),
  tk('en', 'Hardware damage', 'Leak sensor itself got soaked – washing machine flooded the utility room',
    c("Well it did its job, it alerted us, but it was sitting in 3 cm of water for hours before we got home. Now it's rusty at the contacts and the case has water inside when I shake it. Does it need replacing?")),
  tk('en', 'Hardware damage', 'Lock keypad buttons melted / warped in direct sun'),
  tk('en', 'Hardware damage', 'Chat: doorbell mount snapped',
    c("hi the plastic bracket that holds the doorbell snapped in half and the bell fell on the step"),
    b("Sorry to hear that! Is the doorbell still working?"),
    c("it turns on but the front cover is cracked now and one corner is broken off. I need a new bracket and probably a new cover, can you send them?")),
  tk('en', 'Hardware damage', 'Delivery van reversed over our hub 😅 (long story) – what are my options?'),
  tk('en', 'Hardware damage', 'Cracked housing on 5 fridge loggers – kitchen staff keep knocking them',
    c("Hello,\nWe run three restaurant kitchens with your fridge temperature loggers. Five of them now have cracked housings from pans and trays hitting them, two with the back cover hanging off. They still record but I'm worried about hygiene inspections with broken plastic in the kitchen. Do you sell a rugged version or protective cases, and can these five be replaced?\n\nRegards,\nChef Tony Russo\nRusso Group\n\nSent from Outlook for Android")),
  tk('en', 'Hardware damage', 'my toddler dropped the air monitor in the bath, it\'s dead now'),
  td('en', 'Hardware damage', '[In-app feedback] Camera', "[In-app feedback] Device: Outdoor Cam 2 – App 5.3 (iOS)\nSomeone threw a stone at it. Lens is chipped and there's a big scratch right across, picture is blurred on one side. Can I replace just the lens or the front?"),
  tk('en', 'Hardware damage', 'Re: bent pins on the thermostat backplate',
    c("Hi, thanks for the reply. Attached the photos you asked for. Two of the pins in the backplate are bent flat and one is snapped off — it happened when I pushed the unit on at an angle. I'm not going to force it again. Can you send a new backplate?\n\n> Could you send us a photo of the backplate please?")),
  tk('en', 'Hardware damage', 'DM via Instagram: siren fell off the wall and the speaker grille is smashed in'),
  tk('de', 'Hardware damage', 'Display vom Thermostat hat einen Sprung',
    c('Hallo,\nbeim Putzen ist mir das Thermostat runtergefallen, jetzt geht ein Riss quer über das Display. Es funktioniert noch, aber man sieht schlecht. Was kostet eine Reparatur?\nViele Grüße\nAnke Schulz')),
  tk('de', 'Hardware damage', 'Wasser in der Außenkamera nach Starkregen'),
  td('de', 'Hardware damage', 'Kontaktformular – Thema: Defekt', "Kontaktformular – Thema: Defekt\nName: Hausverwaltung Krüger\nNachricht: In einem unserer Mietobjekte wurde die Videoklingel mutwillig beschädigt (Gehäuse aufgebrochen, Kabel herausgerissen). Anzeige ist erstattet. Wir brauchen ein Ersatzgerät und eine Rechnung für die Versicherung."),
  tk('fr', 'Hardware damage', 'Capteur de porte cassé en deux, le chat l\'a fait tomber'),
  tk('fr', 'Hardware damage', 'Sonnette vidéo : vitre fissurée après la grêle',
    c("Bonjour,\nsuite à l'orage de grêle de samedi, la vitre devant la caméra de la sonnette est fendue et il y a de la buée à l'intérieur. Est-ce pris en charge par la garantie ?\nCordialement,\nM. Roux")),
  tk('fr', 'Hardware damage', 'Chat : boîtier fondu sur la prise connectée',
    c("Bonjour, la prise connectée du salon a fondu sur un côté, le plastique est déformé et noirci"),
    a("Bonjour, merci de la débrancher immédiatement et de ne plus l'utiliser. Pouvez-vous nous envoyer une photo ?"),
    c("oui c'est débranché, photo envoyée. vous pouvez m'en envoyer une neuve ?")),
  tk('es', 'Hardware damage', 'Se me cayó la cerradura al instalarla y se ha roto la carcasa'),
  tk('es', 'Hardware damage', 'La cámara exterior tiene agua dentro',
    c('Hola, tras las lluvias de la semana pasada la cámara del jardín tiene gotas por dentro del cristal y la imagen sale borrosa. ¿Me la cambiáis por garantía?\nGracias, Pilar')),
  // --- Firmware (13 en, 3 de, 2 fr, 3 es) ---
  tk('en', 'Firmware', 'since last nights update the thermostat ignores the holiday mode'),
  tk('en', 'Firmware', 'Update to 3.8.1 failed halfway, hub now shows "recovery" on the LED ring',
    c("The app offered an update on Sunday, I tapped install, it got to about half and then said 'update failed, try again'. Now the hub ring is pulsing purple and the app says the hub is in recovery. I've tried again three times. What now?")),
  tk('en', 'Firmware', 'Is there a way to turn off automatic updates? We need to control versions on our sites',
    c("Hi,\nWe manage about 140 of your sensors across 9 care homes. Last month an automatic update changed how the door alerts behaved overnight and staff were confused. Can we hold back updates and roll them out ourselves after testing on one site?\n\nBest regards,\nElena Petrova\nIT Lead, Meadowcare Group")),
  tk('en', 'Firmware', 'Lock now auto-locks after 30 sec even tho I set 5 min – started with the new version'),
  td('en', 'Firmware', 'Contact form – Topic: Technical question', "Contact form – Topic: Technical question\nName: Oliver Grant\nProduct: Smart Plug P1\nMessage: What firmware is the latest for the P1? Mine says 2.4.0 and the app says it's up to date but my friend's plug says 2.6.2. Am I missing an update?"),
  tk('en', 'Firmware', 'Chat: doorbell chime plays the wrong tune since update',
    c("since the update yesterday my doorbell plays the christmas jingle instead of the normal ding dong lol. my kids love it but I don't. I didn't pick that"),
    b("Would you like to change your chime sound? Go to Device settings > Sounds."),
    c("I did, it's set to classic, it still plays the jingle. it's the update isn't it? when is the fix coming")),
  tk('en', 'Firmware', 'new firmware broke the temp schedule for the weekend, weekdays ok'),
  td('en', 'Firmware', 'Phone call: retailer asks about version on shelf stock', "Phone call, agent notes: Fiona from HomeTech Store Bristol. They have 40 hubs in stock from the spring batch. Customers setting them up report a long update on first start (20+ min) and some think it's frozen. Asks if we can send stock with the current firmware or give them a way to pre-update in the shop before selling."),
  tk('en', 'Firmware', 'Air monitor stuck on the boot logo after overnight update 😬'),
  tk('en', 'Firmware', 'Re: Ticket 50931 – bug still there in 4.1.2',
    c("Hi Sam,\n\nInstalled 4.1.2 this morning as you suggested. The bug is still there: whenever the hub restarts, all my automations are switched off and I have to turn them on again one by one. Happened twice this weekend. Please pass it to your developers.\n\nThanks,\nMatt\n\n> On Wed, Sam (Support) wrote:\n> This is fixed in 4.1.2, which is rolling out this week.")),
  tk('en', 'Firmware', 'DM via X: after the update my camera night vision is stuck on. can u roll it back pls'),
  tk('en', 'Firmware', 'how do I downgrade the hub firmware? the new one is much slower to react'),
  tk('en', 'Firmware', 'Grandad\'s thermostat has said "updating" for 2 days',
    c("Hello, I'm writing for my grandfather (he's 88). His thermostat has had 'Updating… please wait' on the screen since Saturday. The heating still comes on thankfully. We've not touched it. Should we restart it or will that break it?\n\nThanks, Chloe")),
  tk('de', 'Firmware', 'Seit dem letzten Update schaltet die Steckdose nicht mehr nach Zeitplan'),
  tk('de', 'Firmware', 'Update hängt bei 40 %',
    c('Hallo,\ndas Firmware-Update der Zentrale bleibt jedes Mal bei 40 % stehen und bricht dann ab. Habe es jetzt fünfmal probiert. Kann man das irgendwie manuell einspielen?\nGruß, Thomas Wendt')),
  tk('de', 'Firmware', 'Chat: neue Version, Kamera nimmt keine Clips mehr auf',
    c('Hi, seit der neuen Version 5.0 nimmt die Kamera bei Bewegung keine Clips mehr auf, vorher lief alles.'),
    a('Hallo! Das ist uns bekannt, ein Fix ist in Arbeit. Wir melden uns, sobald er verfügbar ist.'),
    c('Ok danke. Gibt es einen Termin? Kann ich bis dahin die alte Version zurück?')),
  tk('fr', 'Firmware', 'Depuis la mise à jour, le thermostat redémarre tout seul la nuit'),
  tk('fr', 'Firmware', 'Mise à jour bloquée sur la serrure',
    c("Bonjour,\nl'appli me demande de mettre à jour la serrure mais la mise à jour reste à 0 % et ne démarre jamais. J'ai la dernière version de l'appli. Que faire ?\nMerci,\nNathalie")),
  tk('es', 'Firmware', 'Después de la actualización el sensor de movimiento avisa aunque no haya nadie'),
  tk('es', 'Firmware', '¿Cómo sé qué versión de firmware tiene mi hub?'),
  td('es', 'Firmware', 'Formulario de contacto – Tema: Actualización', "Formulario de contacto – Tema: Actualización\nNombre: Andrés Molina\nProducto: Termostato T2\nMensaje: La última actualización ha cambiado el menú y ya no aparece la opción de modo eco. ¿Se ha quitado a propósito o es un error? Quiero volver a la versión anterior."),
  // --- Installation (13 en, 2 de, 3 fr, 3 es) ---
  tk('en', 'Installation', 'Which wire goes in C? Old thermostat only has R and W'),
  tk('en', 'Installation', 'Can the door sensor go on a metal door or will it not work?'),
  tk('en', 'Installation', 'First time setup – what do I do after plugging the hub in?',
    c("Hello, my son bought me the starter kit for my birthday. I have plugged the hub into the wall and a blue light is going round. The booklet says 'scan the code' but I don't know what that means or where to scan it. I have an iPad. I'm 76 and not very good with these things so please explain slowly. Thank you.\n\nBetty Harrison")),
  tk('en', 'Installation', 'mounting the doorbell on uPVC frame – do I need the wedge?'),
  td('en', 'Installation', 'Phone call: electrician on site, wiring question', "Phone call, agent notes: Lee (LT Electrics) on site fitting a wired doorbell on an old house. Existing transformer is 8V AC, our spec says 16-24V AC. Asks whether it will work on 8V or if he has to swap the transformer, and which terminals on the chime box to use. Sent him the wiring PDF."),
  tk('en', 'Installation', 'Chat: how high should the CO2 monitor go on a classroom wall',
    c("Hi, we're putting your CO2 monitors up in 12 classrooms next week. How high on the wall and how far from windows and doors? Can they go above the radiators?"),
    b("Great question! You can find our mounting guide here: Help Centre > Installation."),
    c("i looked, it doesn't say anything about radiators or windows. can someone confirm before our caretaker drills 24 holes?")),
  tk('en', 'Installation', 'Setting up 30 sensors in a new office – is there a bulk onboarding option?',
    c("Hi,\nWe've just moved into a new office (3 floors) and bought 30 door/window sensors and 2 hubs. Adding them one by one in the app with the QR code is going to take all day. Is there a bulk way to add them, and should we split them between the hubs by floor?\n\nCheers,\nTariq\nOperations, Northlight Studio")),
  tk('en', 'Installation', 'Where do I put the leak sensor – under the sink or next to the boiler?'),
  td('en', 'Installation', 'Contact form – Topic: Installation', "Contact form – Topic: Installation\nName: Gareth Price\nProduct: Smart lock L3\nMessage: My door is 68 mm thick with a euro cylinder. The lock box says for doors 35-60 mm. Is there an extension kit or longer cylinder I can use to fit it?"),
  tk('en', 'Installation', 'Re: installing the thermostat in a rented flat',
    c("Thanks for the quick answer on Friday. Landlord has agreed I can fit it as long as I don't drill the tiles. Can the thermostat be mounted with adhesive strips instead of screws, and can I keep the old wall plate behind it so I can put the old one back when I move out?\n\nPS the app asked me to make an account, that went fine.\n\n> Yes, the T2 works with most combi boilers.")),
  tk('en', 'Installation', 'Is a neutral wire needed for the in-wall switch module? ours is an 1960s house'),
  tk('en', 'Installation', 'DM via Facebook: what screws & plugs for the camera on a render wall? the ones in the box look tiny'),
  tk('en', 'Installation', 'can the smoke alarm be fitted on a sloping ceiling in the loft conversion'),
  tk('de', 'Installation', 'Welche Dübel für die Außenkamera an Klinkerfassade?'),
  tk('de', 'Installation', 'Einbau Thermostat – Anschlussplan für Buderus Kessel?',
    c('Guten Tag,\nich möchte das Thermostat T2 an unseren Buderus-Kessel anschließen. Im alten Thermostat sind vier Adern (braun, blau, schwarz, grau). Welche gehört wohin? Gibt es einen Anschlussplan?\nMfG\nKlaus Reinhardt')),
  tk('fr', 'Installation', 'Comment installer la serrure sur une porte avec cylindre européen ?'),
  tk('fr', 'Installation', 'Première installation de la box : que faire après le branchement ?',
    c("Bonjour,\nj'ai branché la box et le voyant est bleu. La notice dit de télécharger l'application mais ensuite je ne sais pas dans quel ordre ajouter les capteurs. Pouvez-vous m'expliquer les étapes ?\nMerci beaucoup,\nJacqueline (72 ans)")),
  td('fr', 'Installation', 'Formulaire de contact – Sujet : Installation', "Formulaire de contact – Sujet : Installation\nNom : Karim Benali, installateur\nMessage : Je pose des détecteurs de fumée connectés dans un immeuble de 12 logements. Faut-il une box par appartement ou une seule pour l'immeuble ? Et à quelle distance du plafond les fixer ?"),
  tk('es', 'Installation', '¿A qué altura pongo el sensor de movimiento en el pasillo?'),
  tk('es', 'Installation', 'Instalar el timbre sin cables en una puerta de aluminio',
    c('Hola, quiero poner el timbre con cámara en la puerta de aluminio de la entrada. ¿Se puede pegar con la cinta adhesiva o hay que atornillarlo? No quiero agujerear la puerta.\nGracias, Marta')),
  tk('es', 'Installation', 'Chat: cómo conecto el termostato a la caldera',
    c('Hola, tengo el termostato nuevo pero no sé qué cables de la caldera van en cada borne'),
    a('¡Hola! ¿Qué modelo de caldera tienes y cuántos cables salen de la pared?'),
    c('Es una Junkers de gas, salen dos cables, uno marrón y uno azul. ¿Dónde los conecto?')),
  // --- Account (13 en, 3 de, 3 fr, 2 es) ---
  tk('en', 'Account', 'Reset password email never arrives, checked spam'),
  tk('en', 'Account', 'Ex-partner still has access to our cameras – how do I remove her?',
    c("We split up in the summer and she moved out but she can still see the cameras and unlock the front door from her phone. I'm the one who set everything up. How do I take her off the home? I don't want her getting a notification that I did it if possible.")),
  tk('en', 'Account', 'Landlord handover: tenant moving out, new tenant needs to take over the devices',
    c("Hi,\nTenant at 22 Mill Lane moves out on Friday and the new one moves in Monday. The hub and thermostat are registered to the outgoing tenant's login. How do we move them to the new tenant without the old tenant having access afterwards? We own the devices.\n\nThanks,\nJames Fitzgerald\nFitzgerald Lettings\n\nThis email is confidential. Fitzgerald Lettings Ltd, registered in England no. 0812345.")),
  tk('en', 'Account', 'cant log in, app says "too many attempts try later" and its been 3 hrs'),
  td('en', 'Account', 'Contact form – Topic: Login', "Contact form – Topic: Login\nName: Beatrice Owusu\nMessage: I changed phones and now the app wants the 6 digit code from my authenticator app, which was on the old phone. The old phone is broken. How do I get back into my account?"),
  tk('en', 'Account', 'Chat: want to add my cleaner with access only on tuesdays',
    c("Hello, can I give my cleaner her own login so she can unlock the door but only on Tuesday mornings?"),
    b("You can share your home from Settings > Members. Would you like me to send the guide?"),
    c("yes but can i limit it to tuesdays or will she have access all the time? and can she see the cameras? i don't want that")),
  tk('en', 'Account', 'Please delete my account and all my data (GDPR)'),
  td('en', 'Account', 'Phone call: office manager left, nobody can log in to the admin account', "Phone call, agent notes: Caller Helen, practice manager at Brookside Vets. Their previous office manager set up the business account with her own work email and has left the company; her mailbox was deleted so password resets go nowhere. They need the admin role moved to Helen. Has the invoices and the hub serials as proof. Asked what ID we need."),
  tk('en', 'Account', 'how do I change the email on my account, old work address is going away'),
  tk('en', 'Account', 'DM via Instagram: my daughter made the account for me and i dont know the password 😕 how do i get in'),
  tk('en', 'Account', 'Re: two accounts by mistake – merge please',
    c("Hi,\nAs I said on the phone, I accidentally made a second account with my gmail when I set up the camera, the hub and sensors are on my hotmail account. Can you merge them so everything shows in one app login?\n\nThanks\nDanny\n\n> Could you confirm both email addresses for us?\n> danny.k@hotmail.example and danny.k@gmail.example")),
  tk('en', 'Account', 'Installer account: can I see my customers\' systems without their passwords?',
    c("I install your kits for about 20 households a month. At the moment customers give me their login so I can finish the setup, which I'm not comfortable with. Is there an installer/pro access where they invite me and remove me afterwards?\n\nSteve – SecureHome Installs")),
  tk('en', 'Account', 'Signed out on every phone at once and now my password is "incorrect"?? was I hacked'),
  tk('de', 'Account', 'Passwort vergessen, kein Zugriff mehr auf die App'),
  tk('de', 'Account', 'Zweiten Benutzer hinzufügen – meine Frau soll auch die Heizung steuern',
    c('Hallo,\nwie kann ich meiner Frau Zugriff geben, damit sie die Heizung auch vom Handy steuern kann? Sie soll aber nicht mein Passwort benutzen müssen.\nGruß\nWerner')),
  td('de', 'Account', 'Kontaktformular – Thema: Konto', "Kontaktformular – Thema: Konto\nName: Sabine Hoffmann\nNachricht: Ich möchte mein Konto löschen lassen. Die Geräte habe ich verkauft. Bitte bestätigen Sie mir die Löschung meiner Daten."),
  tk('fr', 'Account', 'Impossible de me connecter : « identifiants incorrects »'),
  tk('fr', 'Account', 'Changer l\'adresse e-mail du compte',
    c("Bonjour,\nmon adresse orange.fr va être supprimée. Comment je peux changer l'e-mail de connexion sans perdre mes appareils ?\nMerci,\nGérard")),
  tk('fr', 'Account', 'Chat : donner accès à ma fille',
    c("Bonjour, je voudrais que ma fille puisse voir la caméra de la maison depuis son téléphone"),
    b("Vous pouvez inviter un membre depuis Réglages > Membres de la maison."),
    c("je ne trouve pas Membres de la maison dans les réglages, j'ai la version iPhone. où est-ce ?")),
  tk('es', 'Account', 'No me llega el código de verificación al móvil para entrar'),
  tk('es', 'Account', 'Quitar a mi ex de la cuenta',
    c('Hola, mi ex pareja todavía puede entrar a la app y ver las cámaras de casa. ¿Cómo le quito el acceso? La cuenta principal es mía.\nGracias, Laura')),
  // --- Shipping (13 en, 3 de, 2 fr, 3 es) ---
  tk('en', 'Shipping', 'Order #80517 says delivered but nothing on my doorstep'),
  tk('en', 'Shipping', 'Ordered 3 door sensors, box only had 2 inside',
    c("Hi, opened the parcel tonight. The packing slip says 3 x door/window sensor but there were only 2 in the box, the third slot is empty. Order 80233. Can you send the missing one?\n\nThanks, Ian")),
  tk('en', 'Shipping', 'Retailer – pallet for PO 4471 still not arrived, we promised customers Black Friday stock',
    c("Hello,\nOur pallet (PO 4471, 120 x starter kits) was due at our warehouse last Wednesday. The haulier's tracking hasn't updated since it left your DC. We've got Black Friday promotions running from Thursday and stores are asking. Please chase urgently and give me an ETA.\n\nKind regards,\nMichelle Adeyemi\nCategory Buyer – Smart Home\nHomeWorld Retail plc")),
  tk('en', 'Shipping', 'how do I send back the thermostat, it doesn\'t fit our system & I want to return it'),
  td('en', 'Shipping', 'Contact form – Topic: My order', "Contact form – Topic: My order\nName: Colin Murray\nOrder no: 80611\nMessage: I put the wrong flat number on the order (should be 4B, not 48). It hasn't shipped yet according to the email. Can you change the delivery address please?"),
  tk('en', 'Shipping', 'Chat: where is my order',
    c("hi, ordered the camera bundle 8 days ago and still nothing, no tracking email either"),
    b("I can check that for you! Please enter your order number."),
    c("80402"),
    b("Your order was dispatched on 17 Nov with ParcelGo."),
    c("ok but the parcelgo link says 'label created' only and nothing since. it was meant to be 2-3 days. can a human look at this?")),
  tk('en', 'Shipping', 'can I change my order from white to black before it ships?'),
  tk('en', 'Shipping', 'DM via Facebook: courier left my parcel in the recycling bin 🙄 box was soaked but the stuff inside is fine thankfully. just wanted to let you know, and can you use a different courier next time?'),
  td('en', 'Shipping', 'Phone call: customer abroad, delivery options', "Phone call, agent notes: Mrs Ingrid Larsen, moving to Norway in January. Wants to order a second hub and 4 sensors but have them delivered to her new address in Bergen. Asks whether we ship to Norway, how long it takes and whether she will pay import charges on arrival."),
  tk('en', 'Shipping', 'Return label for order 79880 please – wrong model ordered'),
  tk('en', 'Shipping', 'Re: missing parcel – courier says they delivered it to "reception" but we don\'t have one',
    c("Still no parcel. Your courier claims it was handed to 'reception' on Thursday but we're a 4-person office above a shop, there is no reception. Can you open a claim with them and resend?\n\nRegards,\nAnna Kovacs\nKovacs & Lind Architects\n\n> We have asked the courier for proof of delivery and will update you.")),
  tk('en', 'Shipping', 'School order for 30 monitors arrived in 4 separate deliveries, 1 still missing',
    c("Hello, we're a secondary school. Our order of 30 CO2 monitors has come in bits: 8, 8 and 6 so far, so 8 are still to come. The order page shows it as complete. Is the last box on its way? Our reception signed for all three deliveries.\n\nMrs P. Singh, School Business Manager")),
  tk('en', 'Shipping', 'Do you deliver on Saturdays? I work nights during the week'),
  tk('de', 'Shipping', 'Paket seit einer Woche "in Zustellung", nichts passiert'),
  tk('de', 'Shipping', 'Falsche Farbe geliefert – Umtausch',
    c('Hallo,\nich habe die Klingel in Anthrazit bestellt und eine weiße bekommen (Bestellung 80317). Wie läuft der Umtausch? Schicken Sie mir ein Rücksendeetikett?\nDanke, Monika Bauer')),
  tk('de', 'Shipping', 'Chat: Lieferadresse ändern',
    c('Hi, kann ich bei meiner Bestellung von gestern noch die Lieferadresse ändern? Ich bin nächste Woche bei meinen Eltern.'),
    b('Gerne! Bitte nennen Sie Ihre Bestellnummer.'),
    c('80644. Neue Adresse: Lindenweg 5, 34117 Kassel. Geht das noch?')),
  tk('fr', 'Shipping', 'Colis marqué livré mais jamais reçu'),
  tk('fr', 'Shipping', 'Retour d\'un thermostat non ouvert',
    c("Bonjour,\nj'ai commandé un thermostat qui ne convient pas à notre chaudière, il est encore dans son emballage d'origine. Comment puis-je le retourner ? Faut-il payer le retour ?\nBonne journée,\nSophie Martin")),
  tk('es', 'Shipping', '¿Cuándo llega mi pedido? Ya han pasado 10 días'),
  tk('es', 'Shipping', 'Me ha llegado un sensor que no pedí',
    c('Hola, en mi pedido 80155 pedí dos enchufes y me han mandado un enchufe y un sensor de agua. ¿Cómo os devuelvo el sensor y me mandáis el otro enchufe?\nUn saludo, Rubén')),
  td('es', 'Shipping', 'Formulario de contacto – Tema: Mi pedido', "Formulario de contacto – Tema: Mi pedido\nNombre: Elena Ruiz\nPedido: 80590\nMensaje: El repartidor pide 18 € de aduanas para entregar el paquete a Canarias. ¿Es correcto? En la web no decía nada de aduanas."),
  // --- Sensor accuracy (13 en, 2 de, 3 fr, 3 es) ---
  tk('en', 'Sensor accuracy', 'Thermostat thinks the lounge is 24 but we are all wearing jumpers'),
  tk('en', 'Sensor accuracy', 'Humidity reading in the bathroom stuck at 99% for days even with window open'),
  tk('en', 'Sensor accuracy', 'Fridge logger says 9°C, our probe thermometer says 3°C – which is right?',
    c("Hi,\nWe got a high temperature alert at 6am for the dairy fridge. Logger shows 9°C but our calibrated probe thermometer in a glass of water on the same shelf reads 3°C. Environmental health inspection is next week and I need to know if the logger can be trusted. Can it be calibrated or adjusted?\n\nThanks,\nMaria\nKitchen Manager, The Olive Tree")),
  tk('en', 'Sensor accuracy', 'CO2 monitor shows 400 ppm in a full classroom of 30 kids, surely wrong?'),
  td('en', 'Sensor accuracy', '[In-app feedback] Air monitor', "[In-app feedback] Device: Air Monitor A1 – App 5.3 (Android)\nThe PM2.5 number shot up to 180 'very unhealthy' while we were just sitting watching tv, no cooking no candles. Ten minutes later it's 5 again. It happens a few times every evening. Is the reading real?"),
  tk('en', 'Sensor accuracy', 'Chat: motion sensor misses me walking past',
    c("the hallway motion sensor doesn't notice me half the time, I walk right past it and the light stays off"),
    b("Is your motion sensor showing as online in the app?"),
    c("yes it's online and the battery is 90%. it just doesn't detect me unless i wave my arms in front of it. other times it triggers on its own when nobody is there")),
  tk('en', 'Sensor accuracy', 'Two thermostats in the same room, 2.5 degrees apart – how do I adjust one?'),
  td('en', 'Sensor accuracy', 'Phone call: care home, temperature readings disagree', "Phone call, agent notes: Night manager at Willow Court care home. Residents' room sensors say 18-19°C but staff handheld thermometers say 22°C and residents are not cold. Heating is being turned up because of the sensors and rooms get too hot. Asks whether there is an offset setting and how to check the sensors against a reference."),
  tk('en', 'Sensor accuracy', 'Re: leak sensor false alarms – still happening',
    c("Hi,\nThe leak sensor under the kitchen sink went off again at 3am, third time this week. Floor is bone dry, I checked with a towel and the sensor pads are dry too. I cleaned the contacts like you suggested. My wife is losing patience with the 3am sirens.\n\nMike\n\n> Please clean the contacts with a dry cloth and let us know if the false alerts continue.")),
  tk('en', 'Sensor accuracy', 'is it normal that the humidity drops 15% every time the heating comes on? feels off'),
  tk('en', 'Sensor accuracy', 'DM via X: your air monitor says my flat air is "excellent" while my kitchen is full of smoke 🔥😂 (burnt toast, all fine)'),
  tk('en', 'Sensor accuracy', 'Door sensor says "open" when the door is definitely closed',
    c("The sensor on our back door shows open most of the night even though the door is shut and locked. The magnet part is lined up with the sensor, nothing has moved. Means the alarm won't arm. Any idea?\n\nJanet")),
  tk('en', 'Sensor accuracy', 'Outdoor temp in app 6 degrees higher than the weather forecast every afternoon'),
  tk('de', 'Sensor accuracy', 'Thermostat zeigt 3 Grad zu viel an',
    c('Hallo,\nmein Thermostat zeigt 23 °C an, mein normales Thermometer daneben 20 °C. Dadurch springt die Heizung zu spät an und es ist kalt. Kann man das korrigieren?\nGruß, Petra Lange')),
  tk('de', 'Sensor accuracy', 'Luftfeuchte-Werte springen zwischen 40 und 70 % hin und her'),
  tk('fr', 'Sensor accuracy', "Le capteur affiche 30 % d'humidité alors que la pièce est très humide"),
  tk('fr', 'Sensor accuracy', 'Température fausse sur le capteur de la chambre',
    c("Bonjour,\nle capteur de la chambre de mon bébé indique 17 °C alors que le thermomètre à côté indique 21 °C. Je ne sais plus lequel croire, c'est important pour moi. Comment le recalibrer ?\nMerci,\nÉmilie")),
  td('fr', 'Sensor accuracy', 'Formulaire de contact – Sujet : Mesures', "Formulaire de contact – Sujet : Mesures\nNom : Lycée Jean Moulin, service intendance\nMessage : Nos capteurs de CO2 en salle de classe restent à 420 ppm toute la journée même avec 32 élèves et fenêtres fermées. Les valeurs nous semblent impossibles. Faut-il un étalonnage ?"),
  tk('es', 'Sensor accuracy', 'El sensor marca 5 grados más que el termómetro de casa'),
  tk('es', 'Sensor accuracy', 'El detector de movimiento salta solo por la noche sin que haya nadie',
    c('Hola, el sensor del salón detecta movimiento varias veces cada noche y no hay nadie, ni mascotas. Las ventanas están cerradas. ¿Puede estar mal ajustado?\nGracias, Fernando')),
  tk('es', 'Sensor accuracy', 'Chat: la humedad del sensor no cuadra',
    c('Hola, el sensor del dormitorio dice 80 % de humedad y el higrómetro que compré dice 50 %'),
    a('Hola, ¿el sensor está cerca de una ventana, radiador o baño?'),
    c('No, está en una estantería en medio de la habitación. ¿Se puede calibrar?')),
];

/** The language each test ticket was written in (the writer's own tag), in HELDOUT_V8_TICKETS order. */
export const HELDOUT_V8_LANGUAGES: readonly Lang[] = [...testLanguages];

const exampleLanguages: Lang[] = [];
into = exampleLanguages;

/** Three labelled tickets per category: the organization's examples for the "after 3 examples" run. */
export const HELDOUT_V8_EXAMPLES: LabelledTicket[] = [
  tk('en', 'Connectivity', 'All sensors unavailable after we got a new router', c('Hi, our provider replaced the router on Thursday and since then every sensor and the hub show as offline in the app. Do I have to add them all again?')),
  tk('en', 'Connectivity', 'Camera loses wifi several times a day'),
  tk('de', 'Connectivity', 'App findet die Zentrale nicht mehr', c('Seit gestern steht die Zentrale in der App auf offline, die LED blinkt gelb.')),
  tk('en', 'Power', 'Motion sensor eats batteries', c('Fresh batteries are empty after about a month, is that expected?')),
  tk('en', 'Power', 'Hub shows no lights after power cut'),
  tk('fr', 'Power', 'La caméra ne charge plus', c("Le voyant de charge reste éteint quand je branche le câble, la batterie est à 0 %.")),
  tk('en', 'Billing', 'Charged after cancelling my plan', c('I cancelled the cloud plan last month but was charged again on the 1st. Please refund it.')),
  tk('en', 'Billing', 'Company invoice with VAT number needed'),
  tk('es', 'Billing', 'Cobro duplicado en mi tarjeta', c('Me aparecen dos cargos iguales de vuestra tienda por el mismo pedido.')),
  tk('en', 'Hardware damage', 'Thermostat display cracked after a fall', c('It came off the wall and now there is a crack across the screen.')),
  tk('en', 'Hardware damage', 'Water inside the outdoor camera'),
  tk('de', 'Hardware damage', 'Gehäuse der Steckdose verschmort', c('Die Steckdose ist an einer Seite geschmolzen und riecht verbrannt.')),
  tk('en', 'Firmware', 'Schedule stopped working after the update', c('Since the latest version was installed overnight the heating schedule does nothing.')),
  tk('en', 'Firmware', 'Hub update keeps failing'),
  tk('fr', 'Firmware', 'Revenir à la version précédente ?', c("La nouvelle version de l'appareil est plus lente, peut-on revenir en arrière ?")),
  tk('en', 'Installation', 'Where do the thermostat wires go?', c('The old controller has three wires, which terminals do I use on yours?')),
  tk('en', 'Installation', 'Mounting the doorbell without drilling'),
  tk('es', 'Installation', '¿Dónde coloco el hub?', c('Acabo de comprar el kit, ¿qué pasos sigo después de enchufar el hub?')),
  tk('en', 'Account', 'Password reset link not working', c('I click the link in the email and it says it has expired, every time.')),
  tk('en', 'Account', 'Add my husband as a second user'),
  tk('de', 'Account', 'Konto löschen', c('Bitte löschen Sie mein Konto und meine Daten, ich nutze die Geräte nicht mehr.')),
  tk('en', 'Shipping', 'Tracking not updated for a week', c('My order shows shipped but the tracking has not moved since Monday last week.')),
  tk('en', 'Shipping', 'How do I return an unopened item?'),
  tk('fr', 'Shipping', 'Article manquant dans le colis', c("Il manque un capteur dans ma commande, le bon de livraison en indique deux.")),
  tk('en', 'Sensor accuracy', 'Temperature reads too high', c('The sensor says 24 degrees but a thermometer next to it says 21.')),
  tk('en', 'Sensor accuracy', 'Leak alarm goes off on a dry floor'),
  tk('es', 'Sensor accuracy', 'La humedad no es correcta', c('El sensor marca 85 % y el higrómetro al lado marca 55 %.')),
];

/** The language of each example, in HELDOUT_V8_EXAMPLES order. */
export const HELDOUT_V8_EXAMPLE_LANGUAGES: readonly Lang[] = [...exampleLanguages];

const msg = (content: string) => [{ role: 'customer' as const, content }];

/** Tickets that belong to no category: abstaining is the right answer. */
export const HELDOUT_V8_NO_CATEGORY: LabelledTicket['ticket'][] = [
  { title: 'Thanks Priya, all sorted 👍', description: '', messages: msg('Just to say thank you for the help on Friday, you can close this one. Have a good week!') },
  { title: 'Out of Office: back on 2 December', description: '', messages: msg('I am out of the office with limited access to email. For urgent matters please contact reception on 0161 555 0100.') },
  { title: 'Partnership opportunity – influencer campaign', description: '', messages: msg('Hi! I run a lifestyle account with 85k followers and would love to feature your brand in a home-tour reel. Our rates start at $450 per post. Let me know if you are interested!') },
  { title: 'Job application – field technician', description: '', messages: msg('Dear hiring team, please find my CV attached for any field technician role you may have in the North West. I have 6 years of experience as an electrician.') },
  { title: 'Undeliverable: Re: Your support request', description: '', messages: msg('Delivery has failed to these recipients or groups: j.smith@oldcompany.example. The recipient\'s mailbox is full and can\'t accept messages now.') },
  { title: 'hello?? anyone there', description: '', messages: [] },
  { title: 'Do you have a press contact? Writing an article on smart homes for a local paper', description: '', messages: [] },
  { title: 'Frohe Weihnachten und danke für die gute Zusammenarbeit!', description: '', messages: [] },
  { title: 'Sondage : votre avis sur notre newsletter', description: '', messages: msg('Bonjour, merci de répondre à notre enquête de satisfaction en 2 minutes. Ce message est envoyé automatiquement.') },
  { title: '¿Tenéis tienda física en Valencia para ver los productos?', description: '', messages: [] },
  { title: 'Chat ended', description: '', messages: [{ role: 'bot', content: 'Hi! How can I help you today?' }, { role: 'customer', content: 'sorry wrong button' }] },
];
