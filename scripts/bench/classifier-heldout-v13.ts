import type { TicketMessage } from '../../shared/domain/ticket/ticket.schema';
import type { LabelledTicket } from './classifier-set';

/**
 * Held-out set v13 for `npm run bench:classifier` (issue 20, thirteenth round), written blind in
 * one sitting by an engineer who never read the classifier's code, vocabulary, language packs,
 * docs or tests, nor the other worktrees, and never ran the classifier, the bench or any probe on
 * it (only the bench's category list and LabelledTicket type, the TicketMessage type, v12's file,
 * the headers of v2-v11, and v12's structure test). Rules for this file: misses are never listed
 * ticket by ticket, and nothing here is used to choose vocabulary, weights or thresholds.
 *
 * Aim: a maker of connected pet-care devices (GPS tracking collars with a SIM plan, activity
 * tags, microchip cat flaps, smart feeders with a bowl scale, water fountains with a level sensor,
 * self-cleaning litter boxes that weigh the cat, treat-tossing cameras, aquarium controllers with
 * temperature and pH probes, reptile terrarium thermostats and hygrostats), a world unlike v12's
 * boats, v11's garden and pool, v10's wearables, v9's field equipment and v8's smart home. Voices:
 * dog and cat owners, pet sitters and dog walkers writing for absent owners, breeders, boarding
 * kennels and catteries, an animal rescue, reptile keepers and aquarists, a joiner fitting flaps,
 * veterinary clinics, a pet-insurance partner, a pet-shop chain's store helpdesk, and non-native
 * English writers. Channels and habits:
 * - Instagram direct messages pasted by the social team ("[Instagram DM] ...", emoji, handles);
 * - tickets raised by a pet-shop chain's store helpdesk for a customer at the counter
 *   ("[Store helpdesk] ...");
 * - notes pushed in through partner integrations (a vet clinics' practice software and a pet
 *   insurer) as key=value lines ("[Partner API] ...");
 * - handwritten warranty and returns cards transcribed by the mailroom, in quotes with a name;
 * - live-chat transcripts with a bot and an agent (customer first and last), the bot always
 *   guessing another topic;
 * - a minor second matter before the main request, symptoms told without the category's own
 *   words, keeper jargon (basking spot, vivarium, hopper, drum), lowercase one-liners, typos, and
 *   title-only tickets.
 * Only tickets the writer would label confidently with exactly one category.
 * Each category: 21 tickets (189 in all), 13 English and 8 in German, French and Spanish (3/3/2
 * rotating, 24 of each), all four languages in every category; every category has exactly one
 * live-chat conversation with a bot and an agent and 7 title-only tickets (63 in all, 33 %).
 * Across the 189: 63 titles only (33 %), 9 live-chat transcripts with a bot and an agent, 9
 * Instagram DMs, 9 store-helpdesk tickets, 5 partner-API notes (4 from vet clinics, 1 from the
 * insurer), 5 transcribed cards, 8 with a minor second matter before the main request, 9 in
 * non-native English; voices include pet sitters, breeders, kennels, a rescue, a
 * joiner, vet clinics, reptile keepers and aquarists.
 *
 * HELDOUT_V13_EXAMPLES: three labelled tickets per category (27; the organization's examples for
 * the "after 3 examples" figure), written separately the way an agent picks three typical past
 * tickets, sharing no title or content with the test tickets.
 * HELDOUT_V13_NO_CATEGORY: mail that belongs to no category: abstaining is the right answer.
 * HELDOUT_V13_LANGUAGES / HELDOUT_V13_EXAMPLE_LANGUAGES: the language each ticket was written in
 * (the writer's own tag), in ticket order.
 */
type M = [TicketMessage['role'], string];
type Lang = 'en' | 'de' | 'fr' | 'es';
let into: Lang[] = [];
/** A ticket: title, optional messages. */
function tk(lang: Lang, category: string, title: string, ...messages: M[]): LabelledTicket {
  into.push(lang);
  return { category, ticket: { title, description: '', messages: messages.map(([role, content]) => ({ role, content })) } };
}
/** A ticket whose text sits in the description (DMs, store-helpdesk tickets, partner notes, cards). */
function td(lang: Lang, category: string, title: string, description: string, ...messages: M[]): LabelledTicket {
  into.push(lang);
  return { category, ticket: { title, description, messages: messages.map(([role, content]) => ({ role, content })) } };
}
const c = (content: string): M => ['customer', content];
const a = (content: string): M => ['agent', content];
const b = (content: string): M => ['bot', content];

const CONN = 'Connectivity';
const POWER = 'Power';
const BILL = 'Billing';
const DAMAGE = 'Hardware damage';
const FW = 'Firmware';
const SETUP = 'Installation';
const ACCT = 'Account';
const SHIP = 'Shipping';
const SENSOR = 'Sensor accuracy';

const INSTA = 'Instagram DM, pasted by the social team.';
const STORE = 'Raised by Pawsome Pets store helpdesk for a customer.';
const CARD = 'Handwritten card, transcribed by the mailroom:';

const testLanguages: Lang[] = [];
into = testLanguages;

export const HELDOUT_V13_TICKETS: LabelledTicket[] = [
  // --- Connectivity: 13 en, 3 de, 3 fr, 2 es
  tk('en', CONN, 'feeder says offline but the bowl still fills at 7'),
  tk('en', CONN, 'cat flap app cant find the hub anymore'),
  tk('en', CONN, 'collar wont pair w/ new phone'),
  tk('en', CONN, 'fountain dropped off the wifi after we got fibre'),
  tk(
    'en',
    CONN,
    'Chat – dog tracker',
    c('the dog tracker hasnt updated the map since yesterday lunch'),
    b('I can help with that! Would you like to renew your tracking plan?'),
    c('plan is paid. its not that'),
    a("Hi, Priya here. Is the collar's light blinking, and where is your dog right now?"),
    c('hes on the sofa next to me, light blinks green like normal. map still shows him at the park at 12:40 yesterday. every other app on my phone loads fine'),
  ),
  td('en', CONN, '[Instagram DM] treat cam stuck on connecting', `${INSTA} @milo.the.beagle: hiii love your stuff but the treat cam just says "connecting…" with the spinning circle since the weekend 😩 router is literally 2 m away, everything else in the flat is online`),
  td('en', CONN, '[Store helpdesk] Feeder greyed out in the app', `${STORE} Customer has had the smart feeder 6 months. Since their internet provider swapped the router last week the feeder shows grey / "disconnected" in the app. It still feeds on schedule. Can you advise so we can call them back?`),
  tk('en', CONN, 'Sitting for the Hendersons – feeder unreachable', c("I'm pet-sitting for a family who are away in Portugal. Their app stopped showing the feeder; at the house the feeder is fine and feeds on time, but from their phone abroad (and from mine) it just says 'device unreachable'. The house wifi works, I'm on it now.")),
  tk('en', CONN, 'Not connect', c('Hello, my cat door is not more connect with the phone. Before was ok. I make restart of router and of door, same. The door open for cat normal, only app not see it.')),
  tk('en', CONN, 'Two questions', c("Quick one: do you make the collar in an XS size? And the real issue: the tracker shows 'no GSM' all day at our holiday cottage in Wales while my phone has 4G there.")),
  td('en', CONN, '[Partner API] VetDesk note – activity tag not syncing', 'source=vetdesk clinic=Northgate Vets ref=VD-20931 note: owner reports activity tag on "Bramble" (collie) has not synced to the app for 9 days; clinic needs the data for the post-op review. Tag lights up when pressed, owner\'s phone has Bluetooth on.'),
  tk('en', CONN, 'aquarium controller vanishes every night', c('My aquarium controller drops off the network every night around 2am and only comes back when I power cycle the router. The lights and heater keep running on schedule, it just disappears from the app.')),
  tk('en', CONN, 'litter box shows last seen 4 days', c('app says last seen 4 days ago for the litter box. it is cleaning itself fine. moved the router upstairs last week if that matters')),
  tk('de', CONN, 'Futterautomat ist in der App offline'),
  tk('de', CONN, 'Katzenklappe nicht mehr erreichbar', c('Seit wir den neuen Router haben, zeigt die App die Katzenklappe nur noch als "nicht erreichbar". Die Klappe selbst funktioniert mit dem Chip der Katze.')),
  tk('de', CONN, 'Halsband koppelt nicht mit dem neuen Handy', c('Das Ortungshalsband lässt sich nicht mehr per Bluetooth mit meinem neuen Handy koppeln. Mit dem alten ging es.')),
  tk('fr', CONN, 'La fontaine à eau ne se connecte plus au wifi'),
  tk('fr', CONN, 'Caméra à friandises hors ligne', c("Depuis trois jours la caméra apparaît hors ligne dans l'appli, alors que la box internet est juste à côté.")),
  tk('fr', CONN, 'Le collier GPS ne remonte plus la position', c("Le collier de mon chien n'envoie plus sa position, l'appli affiche celle d'il y a deux jours. Pourtant le chien est à la maison et le collier clignote.")),
  tk('es', CONN, 'el comedero no aparece en la app'),
  tk('es', CONN, 'Acuario desconectado', c('El controlador del acuario se desconecta del wifi cada pocas horas y tengo que reiniciar el router para que vuelva.')),

  // --- Power: 13 en, 3 fr, 3 es, 2 de
  tk('en', POWER, 'feeder completely dead, no lights, nothing'),
  tk('en', POWER, 'gps collar flat by lunchtime'),
  tk('en', POWER, 'litter robot wont switch on after moving house'),
  tk('en', POWER, 'fountain only runs on the adapter, backup batteries do nothing'),
  tk(
    'en',
    POWER,
    'Chat – cat flap',
    c('cat flap is dead'),
    b('Oh no! Is your cat flap cracked or damaged? You can start a warranty claim here.'),
    c('not damaged. just no lights'),
    a('Hi, Sam here. Which batteries are in it and when were they changed?'),
    c('4 AA, new ones from yesterday, right way round. still nothing, no beep when the cat comes. the old ones had lasted since spring'),
  ),
  td('en', POWER, '[Instagram DM] tracker lasts 8 hours', `${INSTA} @luna_and_the_lurcher: your collar was 5 stars until last month 😭 now it lasts like 8 hrs off the charger when it used to do 4 days. same walks, nothing changed`),
  td('en', POWER, '[Store helpdesk] Collar cradle shows no light', `${STORE} Customer came back to the desk: the collar's charging cradle shows no light and the collar never fills up. We tried our demo cable and plug in store, still no light on their cradle. Please advise.`),
  td('en', POWER, 'Card – feeder since the power cut', `${CARD} "Feeder was working till the power cut on 3rd March. Since then no display, nothing when I press the button. Backup batteries are in. — Mrs J. Okafor, Leeds"`),
  tk('en', POWER, 'Kennel – six collars need charging twice a day', c('We run a boarding kennel and use your activity collars on the dogs. Six of them now need charging twice a day; they used to go a week. All bought at the same time last year.')),
  tk('en', POWER, 'Not turn on', c('Good afternoon. My terrarium controller not turn on anymore. I change the socket, I check the fuse in the plug, still no light on display. My gecko is cold, please fast.')),
  tk('en', POWER, 'Coupon + feeder', c("Your newsletter coupon didn't work at checkout, not a big deal. The bigger thing: the feeder only runs while the adapter is in; the moment I unplug it the screen goes black even with fresh D cells inside.")),
  tk('en', POWER, 'Controller restarts when the heater kicks in', c('Every time the heater switches on, the aquarium controller restarts itself and the lights go back to the morning program. Happens ten times a day.')),
  tk('en', POWER, 'treat cam red light forever', c('treat camera just shows a red light when plugged in, never goes green, tried 3 cables and 2 plugs')),
  tk('fr', POWER, "Le distributeur de croquettes ne s'allume plus"),
  tk('fr', POWER, 'Autonomie du collier', c("Le collier GPS ne tient plus qu'une demi-journée alors qu'il tenait trois jours à l'achat.")),
  tk('fr', POWER, 'Chatière morte malgré des piles neuves', c("J'ai mis des piles neuves dans la chatière mais aucun voyant ne s'allume et elle ne réagit plus.")),
  tk('es', POWER, 'el collar no carga'),
  tk('es', POWER, 'Fuente apagada', c('La fuente de agua no enciende desde ayer, ni luces ni ruido de la bomba. El enchufe funciona con otra cosa.')),
  tk('es', POWER, 'La batería del localizador dura muy poco', c('La batería del localizador del perro se agota en unas horas, antes duraba varios días.')),
  tk('de', POWER, 'Futterautomat lässt sich nicht einschalten'),
  tk('de', POWER, 'Halsband-Akku hält keinen Tag', c('Der Akku vom Ortungshalsband ist nach einem halben Tag leer, obwohl es die ganze Nacht geladen wurde.')),

  // --- Billing: 13 en, 3 es, 3 de, 2 fr
  tk('en', BILL, 'charged twice for the tracking plan this month'),
  tk('en', BILL, 'need vat receipt for the feeder'),
  tk('en', BILL, 'still being charged for the collar plan after cancelling'),
  tk('en', BILL, 'why did the camera cloud plan go up'),
  tk(
    'en',
    BILL,
    'Chat – a charge',
    c('hi i have a question about a charge'),
    b('Sure! Is your device not charging? Try a different USB cable.'),
    c('no, money charge. on my card'),
    a("Hi, I'm Dana. What was the charge?"),
    c('39.99 yesterday for annual tracking. i moved to monthly in august, i have the email. can you give it back and just bill monthly'),
  ),
  td('en', BILL, '[Instagram DM] sale price not applied', `${INSTA} @three.cats.one.flap: hey, ordered the flap in your black friday sale but got charged full price 🙃 receipt says 89.99 not 59.99. can someone fix?`),
  td('en', BILL, '[Store helpdesk] Monthly charges for a collar never activated', `${STORE} Customer bought the GPS collar in store last month and never activated it (the dog refuses to wear it), but their card is being charged 4.99 a month by you. They want it stopped and the money back.`),
  td('en', BILL, '[Partner API] PawCover – itemised invoice', "source=pawcover-insurance policy=PC-558120 note: policyholder claims the tracker plan as a benefit; we need an itemised invoice for the last 12 months of the tracking subscription in the policyholder's name."),
  tk('en', BILL, 'Breeder – one invoice for 14 tags', c("I'm a breeder and put your activity tags on every puppy until they go home. I get a separate card charge per tag, 14 this month. Can I get one monthly invoice to my business with our VAT number on it?")),
  tk('en', BILL, 'Bank show two payment', c('Hello, the bank show you take two times 12 euro for the camera plan on same day. I have only one camera. Please give back one.')),
  tk('en', BILL, 'Card change + Family plan', c("I updated my card in the app, hope that went through. Main question: why was I billed for 'Family plan' this month? I've always been on the single-pet plan and never changed it.")),
  tk('en', BILL, 'Rescue rate for tracker plans?', c("We're a registered animal rescue. Do you have a discounted rate for the tracker subscriptions? We have 20 collars on foster dogs and the monthly cost is hurting.")),
  tk('en', BILL, 'payment failed but card fine', c('got an email saying payment for cam plan failed and recording will stop. card works everywhere else. pls retry')),
  tk('es', BILL, 'me han cobrado dos veces la suscripción del localizador'),
  tk('es', BILL, 'Reembolso del plan de la cámara', c('Cancelé el plan de la cámara dentro de los 14 días y todavía no me han devuelto el dinero.')),
  tk('es', BILL, 'Subida de precio sin aviso', c('El plan del localizador pasó de 3,99 a 5,99 al mes sin ningún aviso. ¿Por qué?')),
  tk('de', BILL, 'Rechnung für den Futterautomaten benötigt'),
  tk('de', BILL, 'Tracking-Abo gekündigt, trotzdem abgebucht', c('Ich habe das Tracking-Abo im Oktober gekündigt, trotzdem wurde im November wieder abgebucht. Bitte erstatten.')),
  tk('de', BILL, 'Kamera-Abo doppelt abgebucht', c('Auf meiner Kreditkarte steht der Betrag für das Kamera-Abo zweimal am selben Tag.')),
  tk('fr', BILL, "Remboursement de l'abonnement du collier"),
  tk('fr', BILL, 'Facture au nom de la clinique', c("Nous sommes une clinique vétérinaire et avons besoin d'une facture au nom de la clinique pour les dix colliers achetés.")),

  // --- Hardware damage: 13 en, 3 de, 3 fr, 2 es
  tk('en', DAMAGE, 'puppy chewed the tracker, casing split open'),
  tk('en', DAMAGE, 'feeder lid hinge snapped off'),
  tk('en', DAMAGE, 'aquarium controller fell in the tank'),
  tk('en', DAMAGE, 'cat flap frame cracked right across'),
  tk(
    'en',
    DAMAGE,
    'Chat – treat cam',
    c('my treat cam got knocked off the shelf'),
    b('Here is how to set up your camera: place it on a flat surface at least 1 m high.'),
    c('its not new'),
    a('Hi, Jonas here. Sorry about that. What happened to it after the fall?'),
    c('lens has a crack across it and the treat hopper wont turn, makes a grinding noise. the dog jumped at it'),
  ),
  td('en', DAMAGE, '[Instagram DM] split in the fountain base', `${INSTA} @hamster.and.hound: the fountain has a hairline split in the base now, water all over the floor every morning 😫 only 4 months old`),
  td('en', DAMAGE, '[Store helpdesk] Tooth holes in the tracker', `${STORE} Customer brought in the GPS tracker: their other dog got hold of it, there are tooth holes in the housing and the button is pushed in. Is this covered or a paid repair?`),
  td('en', DAMAGE, 'Card – litter box drum', `${CARD} "Drum of the litter box split down one side when it tipped over on the stairs, pieces of plastic came off. Cat won't go near it now. — D. Ferris"`),
  tk('en', DAMAGE, 'Terrarium stat – scorch mark', c("There's a brown scorch mark on the thermostat's socket and the casing next to it has gone soft and warped. It's unplugged now. The basking lamp is 150 W as your manual allows.")),
  tk('en', DAMAGE, 'Broken after wash', c('Hello, the collar go in washing machine with the dog blanket by mistake. Now inside the screen is water drops and it show strange lines. Sorry!')),
  tk('en', DAMAGE, 'Strap size and the cracked tracker', c("Do you sell a longer strap? Also, more urgent: the tracker's back cover cracked in half when my husky rolled on a rock, and the inside is exposed.")),
  tk('en', DAMAGE, 'pH probe tip snapped', c('The glass tip of the pH probe snapped off while I was cleaning the tank. Can I get just the probe or do I need the whole kit?')),
  tk('en', DAMAGE, 'water got in the feeder', c('cat knocked the water bowl over onto the feeder, now the screen is fogged inside and the motor just clicks')),
  tk('de', DAMAGE, 'Gehäuse vom Ortungshalsband gebrochen'),
  tk('de', DAMAGE, 'Futterautomat umgeworfen', c('Der Hund hat den Futterautomaten umgeworfen, jetzt ist der Deckel gebrochen und der Motor dreht nicht mehr.')),
  tk('de', DAMAGE, 'Kamera hat Wasser abbekommen', c('Die Kamera stand neben dem Aquarium und hat Wasser abbekommen. Seitdem ist das Bild fleckig und sie riecht verbrannt.')),
  tk('fr', DAMAGE, "L'écran de la litière est fissuré"),
  tk('fr', DAMAGE, 'Collier mordu', c('Mon chiot a mâché le boîtier du collier GPS, il y a des trous dans le plastique et le bouton est enfoncé.')),
  tk('fr', DAMAGE, 'Fontaine fendue', c('Le réservoir de la fontaine est fendu sur le côté et fuit sur le parquet.')),
  tk('es', DAMAGE, 'la gatera se rompió al cerrarse de golpe'),
  tk('es', DAMAGE, 'Cámara caída del mueble', c('La cámara se cayó del mueble y el cristal del objetivo está roto.')),

  // --- Firmware: 13 en, 3 fr, 3 es, 2 de
  tk('en', FW, 'feeder skipping breakfast since the update'),
  tk('en', FW, 'fountain ignores its schedule since 2.3'),
  tk('en', FW, 'tracker stuck on update 99%'),
  tk('en', FW, 'aquarium controller on 3.2, site says 3.4 is out – how'),
  tk(
    'en',
    FW,
    'Chat – litter box',
    c('the litter box cycles every 10 minutes since last night'),
    b('Sounds like the litter box might be full! Please empty the waste drawer.'),
    c('emptied. still does it'),
    a('Hi, Mo here. Did the app install anything last night?'),
    c('yes it said "updated to 5.1.0" at 11pm. since then it rakes every 10 min even with no cat, the cat is scared of it now. was perfect on the old one'),
  ),
  td('en', FW, '[Instagram DM] night vision gone', `${INSTA} @sirpounce: 1 star until you fix it — the camera update turned off night vision and there's no toggle anymore?? worked yesterday`),
  td('en', FW, '[Store helpdesk] E-07 after overnight update', `${STORE} Customer says their feeder downloaded an update overnight and now shows "E-07" and won't dispense. Before the update it worked fine for a year. Can they go back to the previous version?`),
  td('en', FW, '[Partner API] VetDesk – weight export empty since 4.0', 'source=vetdesk clinic=Harbourside Animal Hospital ref=VD-21117 note: since the 4.0 release of the litter box software the cat-weight history no longer exports to our records; the export file is empty. Version 3.8 was fine.'),
  td('en', FW, 'Card – flap after the new software', `${CARD} "Flap was fine till the app put the new software on. Now it locks our cat OUT and lets the ginger tom from next door IN. Please help. — A. & P. Moreau"`),
  tk('en', FW, 'Night drop not happening on 2.7', c("Since the thermostat went to 2.7 the night drop doesn't happen any more; it holds the day setpoint all night. The schedule screen still shows the drop. Was fine on 2.6.")),
  tk('en', FW, 'After update problem', c('Hello, after the update of yesterday the feeder give food two times in the morning and zero in evening. Before update was correct. I not change anything.')),
  tk('en', FW, 'Manual + collar update', c("Is there a printed manual in German? And: the collar update has failed three nights in a row, the app just says 'update failed, try again later'.")),
  tk('en', FW, 'cant roll back camera version?', c('new cam firmware made the live view lag like 20 sec. any way to go back to the old one')),
  tk('fr', FW, 'Mise à jour bloquée sur la chatière'),
  tk('fr', FW, 'Horaires ignorés depuis la dernière version', c('Depuis la dernière mise à jour, le distributeur ne respecte plus les horaires des repas que j’ai programmés.')),
  tk('fr', FW, 'Dernière version du contrôleur', c("Quelle est la dernière version du logiciel pour le contrôleur d'aquarium, et comment l'installer ?")),
  tk('es', FW, 'la actualización del collar no termina'),
  tk('es', FW, 'Error tras actualizar la cámara', c('Después de la actualización de anoche, la cámara ya no guarda los vídeos en la tarjeta.')),
  tk('es', FW, 'Volver a la versión anterior del arenero', c('¿Se puede volver a la versión anterior del arenero? Con la nueva limpia cuando el gato todavía está dentro.')),
  tk('de', FW, 'Update der Katzenklappe hängt'),
  tk('de', FW, 'Nachtsicht schwarz seit dem Update', c('Seit dem Update letzte Woche zeigt die Kamera in der Nachtsicht nur noch ein schwarzes Bild.')),

  // --- Installation: 13 en, 3 es, 3 de, 2 fr
  tk('en', SETUP, 'how high do i fit the cat flap in a glass door'),
  tk('en', SETUP, 'which wires go where on the terrarium thermostat'),
  tk('en', SETUP, 'best spot for the new feeder so the dog cant reach it'),
  tk('en', SETUP, 'new aquarium controller – where does the temp probe go'),
  tk(
    'en',
    SETUP,
    'Chat – new cat flap',
    c('hi just got the microchip flap, question about fitting it'),
    b('Is your cat flap not reading the microchip? Try registering your pet again.'),
    c('no i havent fitted it yet'),
    a('Hi, Ana here. What kind of door is it going into?'),
    c('a uPVC back door, the panel is 28mm thick. your sheet says up to 25mm. do i need an extension tunnel or will it just fit'),
  ),
  td('en', SETUP, '[Instagram DM] filter which way round', `${INSTA} @bunny.burrow: just unboxed the fountain 😍 but which way does the filter go in and do I fill it before or after I plug it in? the leaflet is tiny`),
  td('en', SETUP, '[Store helpdesk] Controller inside the cabinet?', `${STORE} Customer asks whether the aquarium controller can be mounted inside the cabinet under the tank or must be above the waterline, and how long the probe cable is. They are buying today if it fits.`),
  tk('en', SETUP, 'Fitting flaps for a cattery', c("I'm a joiner fitting your microchip flaps in a cattery: three timber doors and one wall. Is there a liner kit for a 300 mm cavity wall, and does the flap need a cable run or just batteries?")),
  tk('en', SETUP, 'Ceramic heater on the stat – new vivarium', c("Setting up a new vivarium for a royal python. I've got your thermostat and a 100 W ceramic heater in a lampholder. Does the heater plug into the thermostat's socket, and should the probe sit on the warm-end glass or in the air?")),
  tk('en', SETUP, 'How to put', c('Hello, I buy the GPS collar. How I put the SIM inside and how tight must be on the dog neck? The paper is only picture.')),
  tk('en', SETUP, 'Colour + second bowl', c("Does the feeder come in white? Separately: I'm setting up the one I have for two cats and can't work out where the second bowl attaches, the instructions show only one.")),
  tk('en', SETUP, 'Kennel – screwing ten feeders to the wall', c("We're putting ten feeders into our boarding runs. Can they be screwed to the wall, and is there a template for the fixing holes?")),
  tk('en', SETUP, 'first time switching on the litter box', c('first time setting up the litter box, does the drum need the carbon filter in before i switch on? and how much litter, there is no line on it')),
  tk('es', SETUP, 'cómo instalar la gatera en una puerta de cristal'),
  tk('es', SETUP, 'Dónde colocar el comedero nuevo', c('¿Dónde coloco el comedero nuevo para que el perro no lo alcance? ¿Se puede atornillar a la pared?')),
  tk('es', SETUP, 'Sonda del acuario al instalar', c('Acabo de comprar el controlador del acuario. ¿A qué profundidad tengo que poner la sonda de temperatura al instalarlo?')),
  tk('de', SETUP, 'Katzenklappe in Glastür einbauen'),
  tk('de', SETUP, 'Futterautomat an der Wand befestigen', c('Kann man den Futterautomaten an der Wand befestigen? In der Anleitung steht nichts über Bohrlöcher.')),
  tk('de', SETUP, 'Wärmematte und Spot am neuen Thermostat anschließen', c('Wie schließe ich die Wärmematte und den Spot gleichzeitig an das neue Terrarium-Thermostat an?')),
  tk('fr', SETUP, "Pose de la chatière dans un mur"),
  tk('fr', SETUP, 'Première mise en service de la fontaine', c('Je viens de recevoir la fontaine : faut-il rincer le filtre avant la première utilisation et dans quel sens le mettre ?')),

  // --- Account: 13 en, 3 de, 3 fr, 2 es
  tk('en', ACCT, 'cant log in to the pet app since changing phone'),
  tk('en', ACCT, 'reset link expired before i clicked it'),
  tk('en', ACCT, 'how do i give the dog walker access to the tracker'),
  tk('en', ACCT, 'locked out, 2fa goes to my old number'),
  tk(
    'en',
    ACCT,
    'Chat – cant get in',
    c('i cant get into the app'),
    b('Is your device offline? Try restarting your router.'),
    c('no the app. logging in'),
    a('Hi, Lena here. What happens when you try?'),
    c('it says "email not recognised" but its the same email the receipts come to. i think my ex made the account with his email? he isnt answering. i need to see where the cat is'),
  ),
  td('en', ACCT, '[Instagram DM] reset email never comes', `${INSTA} @frenchie.frank: sorry to DM but the app keeps saying wrong password and the reset email never comes 🙏 tried 5 times`),
  td('en', ACCT, '[Store helpdesk] Second-hand collar registered to someone else', `${STORE} Customer bought a second-hand GPS collar; the app says it is "registered to another user". The seller can't be reached. What do they need to show you to get it moved to their own account?`),
  td('en', ACCT, '[Partner API] VetDesk – invite three nurses', "source=vetdesk clinic=Meadowbank Vets ref=VD-21480 note: three new nurses need read-only access to shared patients' activity data; the clinic admin cannot find where to invite them."),
  tk('en', ACCT, 'Pet sitter – remove me from a household', c("I used to pet-sit for a client and she shared her feeder with me in the app. The job has ended and I'd like to be removed from her household; there's no 'leave' button on my side.")),
  tk('en', ACCT, 'Account block', c('Hello, my account is block after I put wrong password. It say contact support. Please open, I am the owner of two cat and I want to see the litter box.')),
  tk('en', ACCT, 'Alexa question + email change', c("Does the feeder work with Alexa? Main thing though: I need to change the email on my account, the current one is my work address and I'm leaving the job.")),
  tk('en', ACCT, 'Husband sees none of our pets', c('I set up the flap and feeder on my account. My husband installed the app and signed in with his own account but sees nothing. How do we share the household so we both get the alerts?')),
  tk('en', ACCT, 'delete my account pls', c('we rehomed the dog, want my account and data deleted. how')),
  tk('de', ACCT, 'Passwort vergessen, keine E-Mail bekommen'),
  tk('de', ACCT, 'Zugang für die Tiersitterin', c('Wie gebe ich unserer Tiersitterin Zugriff auf den Futterautomaten, ohne ihr mein Passwort zu geben?')),
  tk('de', ACCT, 'Konto nach Anmeldeversuchen gesperrt', c('Mein Konto ist nach mehreren Anmeldeversuchen gesperrt. Bitte entsperren.')),
  tk('fr', ACCT, 'Impossible de me connecter sur le nouveau téléphone'),
  tk('fr', ACCT, "Nouvelle adresse e-mail pour mon compte d'appli", c("Comment modifier l'adresse e-mail de mon compte ? L'ancienne n'existe plus.")),
  tk('fr', ACCT, 'Partager le collier avec ma fille', c('Ma fille voudrait voir le collier du chien sur son téléphone. Comment lui donner accès ?')),
  tk('es', ACCT, 'no me llega el código para iniciar sesión'),
  tk('es', ACCT, 'Pasar el collar a la cuenta de mi hermana', c('Le regalé el perro y el collar a mi hermana. ¿Cómo paso el collar a su cuenta?')),

  // --- Shipping: 13 en, 3 fr, 3 es, 2 de
  tk('en', SHIP, 'feeder order stuck in customs'),
  tk('en', SHIP, 'sent me the small flap, ordered large'),
  tk('en', SHIP, 'tracking says delivered, nothing on the doorstep'),
  tk('en', SHIP, 'return label for the unopened fountain'),
  tk(
    'en',
    SHIP,
    'Chat – parcel',
    c('hi where is my parcel'),
    b('You can pair your collar by holding the button for 5 seconds.'),
    c('?? i dont have it yet. thats the problem'),
    a('Hi, Kofi here. Could you give me your order number?'),
    c('PT-40917. ordered on the 2nd, email said dispatched the 4th, tracking not moved since. puppy comes home saturday'),
  ),
  td('en', SHIP, '[Instagram DM] still says preparing', `${INSTA} @catladyof.croydon: ordered the litter box 2 wks ago for my birthday 🎂 still says "preparing". can you chase? 😢`),
  td('en', SHIP, '[Store helpdesk] Weekly stock delivery short', `${STORE} Not for a customer this time: our weekly delivery from you came today. The delivery note lists 12 smart feeders, the pallet had 9. Shrink-wrap was intact. Please send the missing 3.`),
  td('en', SHIP, 'Card – sending the fountain back', `${CARD} "Sending the fountain back, too noisy for our bedsit. Unused filter included. Order PT-39820. Please can you send a return label? — K. Walsh"`),
  tk('en', SHIP, 'Breeder – kennel address for this order', c("I'm a breeder and order a tracker tag with every litter. Can this order go to my kennel address instead of my home? It's placed but not dispatched yet.")),
  tk('en', SHIP, 'Packet not come', c('Hello, I order the cat door 10 days ago, the site say 3-5 days. The number of tracking say not found. Where is my packet?')),
  tk('en', SHIP, 'Got grey, ordered orange', c("Love the app by the way. Problem: I ordered the collar in orange (order PT-41230) and got grey. Can you swap it? I haven't opened the bag.")),
  tk('en', SHIP, 'Feeder to Ireland – customs?', c('Do you ship to Ireland, and will there be customs charges on the feeder since Brexit?')),
  tk('en', SHIP, 'ordered the cam twice', c('ordered the camera twice by accident this morning, cancel one before it goes out pls')),
  tk('fr', SHIP, "Ma commande de fontaine n'est pas arrivée"),
  tk('fr', SHIP, 'Reçu une fontaine au lieu du distributeur', c("J'ai commandé le distributeur de croquettes et j'ai reçu une fontaine à eau.")),
  tk('fr', SHIP, 'Livraison au bureau', c("Pouvez-vous livrer ma commande à mon bureau plutôt qu'à la maison ? Elle n'est pas encore expédiée.")),
  tk('es', SHIP, 'pedido de la gatera sin noticias'),
  tk('es', SHIP, 'Devolución del comedero', c('Quiero devolver el comedero, mi gato no lo usa. ¿Cómo pido la etiqueta de devolución?')),
  tk('es', SHIP, 'Caja aplastada y falta el cable', c('El paquete llegó con la caja aplastada y abierta, y falta el cable de carga del collar.')),
  tk('de', SHIP, 'Paket mit dem Halsband nicht angekommen'),
  tk('de', SHIP, 'Rücksendung Katzentoilette', c('Ich möchte die Katzentoilette zurückschicken, sie ist zu groß für unser Bad. Noch originalverpackt.')),

  // --- Sensor accuracy: 13 en, 3 de, 3 es, 2 fr
  tk('en', SENSOR, 'litter box says the cat weighs 9 kg, she is 4'),
  tk('en', SENSOR, 'terrarium humidity stuck at 99%'),
  tk('en', SENSOR, 'aquarium temp 3 degrees above my glass thermometer'),
  tk('en', SENSOR, 'feeder bowl scale says empty when its full'),
  tk(
    'en',
    SENSOR,
    'Chat – thermostat',
    c('the thermostat readings are off i think'),
    b('Happy to help with your order! What is your order number?'),
    c('no order. the temperature'),
    a('Hi, Ivo here. What does the thermostat show and what are you comparing it with?'),
    c('display says 32 at the basking spot, the digital thermometer right next to the probe says 36. the bearded dragon is panting so i trust the thermometer. probe is where your manual says'),
  ),
  td('en', SENSOR, '[Instagram DM] water low when full', `${INSTA} @whiskers.and.wine: the fountain keeps pinging me "water low" when it's filled to the top line 🙄 every single day`),
  td('en', SENSOR, '[Store helpdesk] Cat weight half of the real one', `${STORE} Customer's litter box logs her cat at 2.1 kg; on our in-store scale the cat weighs 5.4 kg. The box stands on a level floor. How do they recalibrate?`),
  td('en', SENSOR, '[Partner API] VetDesk – steps on cage rest', 'source=vetdesk clinic=Ashgrove Vets ref=VD-21902 note: activity tag on "Pepper" (cat, cage rest after surgery) reports 14,000 steps a day; the cat is confined to a crate. Readings cannot be used for the recovery chart.'),
  td('en', SENSOR, 'Card – aquarium pH', `${CARD} "pH on the screen says 8.4, my drop test kit says 7.0 every time. Fish are fine. Can it be set right? — R. Baptiste"`),
  tk('en', SENSOR, 'Temperature not correct', c('Hello, the terrarium thermostat show 24 degree but my other thermometer show 30 degree, same place. Which is correct? I think your one is wrong.')),
  tk('en', SENSOR, 'Spare bowl + food left', c("Do you sell spare steel bowls? More importantly: the feeder's app says 0 g left in the hopper when it's clearly half full; I weighed what's in it, 600 g.")),
  tk('en', SENSOR, 'Whelping room humidity way off', c('We use your climate sensor in the whelping room. It says 38 % humidity while the hygrometer on the wall and a second one from the vet both say 60 %. Temperature agrees, only humidity is wrong.')),
  tk('en', SENSOR, 'water temp reads 0.0 now and then', c('aquarium temp jumps to 0.0 for a few mins then back to 25 a few times a day. heater is fine, fish fine')),
  tk('de', SENSOR, 'Terrarium-Thermostat zeigt falsche Temperatur'),
  tk('de', SENSOR, 'Gewicht vom Kater falsch', c('Die Katzentoilette zeigt für unseren Kater 8 kg an, beim Tierarzt wog er 4,6 kg.')),
  tk('de', SENSOR, 'Luftfeuchtigkeit im Terrarium stimmt nicht', c('Das Hygrometer am Terrarium-Regler zeigt 40 %, ein zweites Messgerät daneben zeigt 75 %. Kann man das kalibrieren?')),
  tk('es', SENSOR, 'la báscula del comedero marca mal'),
  tk('es', SENSOR, 'Temperatura del terrario', c('El termostato marca 28 grados pero el termómetro de al lado marca 34. ¿Cómo lo calibro?')),
  tk('es', SENSOR, 'Aviso de agua falso', c('La fuente me avisa de que falta agua cuando está llena hasta arriba.')),
  tk('fr', SENSOR, "La température affichée de l'aquarium est fausse"),
  tk('fr', SENSOR, 'pH incorrect sur le contrôleur', c('Le contrôleur affiche un pH de 6,2 alors que mon test en gouttes indique 7,4. Comment le recalibrer ?')),
];

export const HELDOUT_V13_LANGUAGES: readonly Lang[] = [...testLanguages];

const exampleLanguages: Lang[] = [];
into = exampleLanguages;

/** Three typical past tickets per category, as an agent would pick them (none is a test ticket). */
export const HELDOUT_V13_EXAMPLES: LabelledTicket[] = [
  tk('en', CONN, 'Feeder offline in app', c('The smart feeder shows as offline in the app.')),
  tk('en', CONN, 'Collar will not pair', c('I cannot pair the GPS collar with my phone over Bluetooth.')),
  tk('de', CONN, 'Kamera verbindet sich nicht mit dem WLAN', c('Die Haustierkamera verbindet sich nicht mehr mit unserem WLAN.')),

  tk('en', POWER, 'Collar battery drains quickly', c('The GPS collar battery runs out much faster than before.')),
  tk('es', POWER, 'El comedero no enciende', c('El comedero automático no se enciende.')),
  tk('en', POWER, 'Cat flap not turning on', c('The cat flap does not turn on even with new batteries.')),

  tk('en', BILL, 'Charged after cancelling plan', c('I cancelled my tracking subscription but was charged again.')),
  tk('fr', BILL, "Facture de l'achat", c("J'ai besoin de la facture pour l'achat de la chatière.")),
  tk('en', BILL, 'Refund for camera subscription', c('Please refund my camera subscription payment.')),

  tk('en', DAMAGE, 'Cracked feeder lid', c('The lid of the feeder is cracked.')),
  tk('de', DAMAGE, 'Wasserschaden am Halsband', c('Wasser ist in das Halsband eingedrungen, es funktioniert nicht mehr.')),
  tk('en', DAMAGE, 'Broken litter box', c('The litter box is broken, a piece of the housing came off.')),

  tk('en', FW, 'Feeder update failed', c('The firmware update on my feeder failed.')),
  tk('es', FW, 'Fallo después de la actualización', c('Desde la última actualización la gatera no funciona bien.')),
  tk('en', FW, 'Current firmware version', c('What is the current firmware version for the GPS collar?')),

  tk('en', SETUP, 'Installing the cat flap', c('How do I install the cat flap in a wooden door?')),
  tk('fr', SETUP, 'Branchement du thermostat', c('Comment brancher le thermostat du terrarium ?')),
  tk('en', SETUP, 'Setting up the new fountain', c('How do I set up the new water fountain?')),

  tk('en', ACCT, 'Forgot my pet app password', c('I forgot my password and cannot sign in to the app.')),
  tk('de', ACCT, 'Familienmitglied hinzufügen', c('Wie füge ich ein Familienmitglied zu meinem Konto hinzu?')),
  tk('en', ACCT, 'Unable to log in to pet account', c('I cannot log in to my account.')),

  tk('en', SHIP, 'Order has not arrived', c('My order has not arrived yet.')),
  tk('es', SHIP, 'Devolución de un pedido', c('Quiero devolver un producto que pedí.')),
  tk('en', SHIP, 'Received the wrong item', c('I received a different product from the one I ordered.')),

  tk('en', SENSOR, 'Wrong temperature reading', c('The aquarium controller shows the wrong water temperature.')),
  tk('fr', SENSOR, 'Poids du chat incorrect', c('La litière indique un poids incorrect pour mon chat.')),
  tk('en', SENSOR, 'Humidity reading needs calibration', c('The terrarium humidity reading is off, how do I calibrate it?')),
];

export const HELDOUT_V13_EXAMPLE_LANGUAGES: readonly Lang[] = [...exampleLanguages];

const plain = (title: string, content: string): LabelledTicket['ticket'] => ({ title, description: '', messages: [{ role: 'customer', content }] });

/** Mail that belongs to no category (thanks, pitches, requests for photos, auto-replies, a wrong address): abstaining is right. */
export const HELDOUT_V13_NO_CATEGORY: LabelledTicket['ticket'][] = [
  plain('Biscuit says thank you', 'Just a note to say our beagle was found within twenty minutes when he slipped his lead in the woods. Thank you, truly.'),
  plain('Dog show sponsorship', 'Our village dog show is in August. Would you donate a prize for the "waggiest tail" class?'),
  plain('Application – product designer', 'Please find my portfolio attached. I would love to join your design team and have worked on pet products for five years.'),
  plain('Can we feature your cat?', 'We are making next year\'s calendar and saw your customer photos. Do you run a competition for pets to appear in marketing?'),
  plain('Out of office', 'I am away at the vet conference until Monday 14th with limited access to e-mail.'),
  plain('Wholesale pet food offer', 'Dear partner, we supply premium grain-free kibble at wholesale prices. Reply for our catalogue.'),
  plain('Podcast interview request', 'I host a podcast about living with rescue dogs and would like to interview your founder about why she started the company.'),
  plain('Danke für den tollen Stand', 'Wir wollten uns für das nette Gespräch an Ihrem Stand auf der Heimtiermesse bedanken.'),
  plain('Question sur la garde de mon chat', "Bonjour, connaissez-vous une bonne pension pour chats près de Nantes pour le mois d'août ?"),
  plain('Correo equivocado', 'Perdón, este mensaje era para la protectora de animales, por lo de la adopción. Ignórenlo.'),
  plain('Photo of our new kitten', 'Meet Pickle! No problem with anything, just wanted to show you the newest member of the household.'),
];
