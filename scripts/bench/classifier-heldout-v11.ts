import type { TicketMessage } from '../../shared/domain/ticket/ticket.schema';
import type { LabelledTicket } from './classifier-set';

/**
 * Held-out set v11 for `npm run bench:classifier` (issue 20, eleventh round), written blind in one
 * sitting by an engineer who never read the classifier's code, vocabulary, language packs, docs
 * or tests, nor the other worktrees, and never ran the classifier, the bench or any probe (only the
 * bench's category list and LabelledTicket type, the TicketMessage type, v10's header, helpers and
 * exports, the headers of v2-v9, and v10's structure test). Rules for this file: misses are never
 * listed ticket by ticket, and nothing here is used to choose vocabulary, weights or thresholds.
 *
 * Aim: a maker of garden, pool and outdoor-leisure equipment (robotic lawn mowers with boundary
 * wire and docking stations, pool controllers with pH/chlorine/ORP probes and salt chlorinators,
 * hot-tub/spa control panels, irrigation controllers with valves and soil-moisture sensors,
 * garden weather stations, pond-pump controllers, solar path lights and bollards, wireless
 * grill/meat thermometers, bird-feeder cameras), a world unlike v10's personal wearables, v9's
 * professional/field equipment and v8's smart-home inbox. Voices: holiday-let owners and managers
 * running tubs from abroad, landscapers and gardeners servicing client sites, residents'
 * associations and their treasurers and committees, pool-service companies, a campsite and a
 * holiday park, a garden centre, a golf-club greenkeeper, an allotment holder, retired and family
 * home owners, and non-native English writers. Channels and habits:
 * - community-forum posts moved into the desk by a moderator ("[Community forum] ...");
 * - WhatsApp chat exports with "[hh:mm, dd/mm] Name:" lines, in the description;
 * - replies to the satisfaction-survey mail ("Re: How did we do?") that carry the real problem;
 * - Trustpilot/Google/App Store reviews pasted by the social team;
 * - an auto-generated in-app diagnostic report whose error code says nothing, and web/returns
 *   forms whose topic field is unhelpful ("Other", "Technical question");
 * - live-chat transcripts with a bot and an agent (customer first and last), the bot often asking
 *   the wrong question;
 * - two matters in one ticket where the main one is clear, symptoms described without the
 *   category's own words, lowercase one-liners, typos, and title-only tickets.
 * Only tickets a human agent would label confidently with exactly one category (anything that
 * hesitated between two categories was dropped or rewritten while writing).
 * Each category: 21 tickets (189 in all), 13 English and 8 in German, French and Spanish (3/3/2
 * rotating, 24 of each), all four languages in every category; every category has exactly one
 * live-chat conversation with a bot and an agent and 7 title-only tickets.
 * Across the 189: 63 titles only (33 %), 9 live-chat transcripts with a bot and an agent, 4
 * community-forum posts, 2 WhatsApp exports (plus one Spanish WhatsApp one-liner), 4 survey
 * replies, 4 pasted reviews, 1 diagnostic report, 3 forms with an unhelpful topic field, 6 with a
 * minor second matter before or after the main request, about 9 in non-native English; voices
 * include holiday-let owners/managers (3), landscapers/gardeners (3), residents' associations (2),
 * pool-service companies (2), a campsite and a holiday park, a garden centre and a golf club.
 *
 * HELDOUT_V11_EXAMPLES: three labelled tickets per category (27; the organization's examples for
 * the "after 3 examples" figure), written separately the way an agent picks three typical past
 * tickets, sharing no title or content with the test tickets.
 * HELDOUT_V11_NO_CATEGORY: mail that belongs to no category: abstaining is the right answer.
 * HELDOUT_V11_LANGUAGES / HELDOUT_V11_EXAMPLE_LANGUAGES: the language each ticket was written in
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
/** A ticket whose text sits in the description (forum posts, WhatsApp exports, pasted reviews, forms). */
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

const FORUM = 'Moved from the community forum by a moderator.';

const testLanguages: Lang[] = [];
into = testLanguages;

export const HELDOUT_V11_TICKETS: LabelledTicket[] = [
  // --- Connectivity: 13 en, 3 de, 3 fr, 2 es
  tk('en', CONN, 'mower shows offline in app but is mowing fine'),
  tk('en', CONN, 'hot tub drops off the wifi every evening when the heater kicks in'),
  tk('en', CONN, 'bird cam wont join the 5ghz network'),
  tk('en', CONN, 'weather station console lost the outdoor unit again'),
  tk('en', CONN, 'irrigation app says controller unreachable'),
  tk(
    'en',
    CONN,
    'Live chat – robot mower',
    c('hi my robot mower isnt on the app anymore'),
    b('I can help with that! Is this about: Charging / Boundary wire / Something else?'),
    c('something else'),
    a("Hi, I'm Tomasz. Does the mower's screen show the wifi symbol or a little cross?"),
    c('a cross. router is in the house, dock is at the bottom of the garden about 40m. it was fine all summer until the new fibre box went in last week'),
  ),
  td(
    'en',
    CONN,
    '[Community forum] Pool controller keeps going grey in the app',
    `${FORUM} Post by poolguy_NL: Since the storm knocked the power out, the pool controller joins the router for about ten minutes and then the app shows it grey again. Laptop, TV and phones on the same network are fine. Any ideas before I call the pool man out?`,
  ),
  tk(
    'en',
    CONN,
    'Re: How did we do?',
    c('You asked for feedback, so: still not solved. The grill shows up in the app when I stand next to it with the phone, then "probe disconnected" as soon as I walk back to the kitchen. Eight metres and one glass door.'),
  ),
  tk(
    'en',
    CONN,
    'Holiday let – spa unreachable from abroad',
    c("I look after the hot tub at our holiday cottage in Cornwall from Germany. Since the guests (I assume) changed the broadband password, the tub shows 'last seen 6 days ago'. Can I point it at the new network without being there? The cleaner can press buttons if you tell her which."),
  ),
  td(
    'en',
    CONN,
    'WhatsApp chat export – Dave Pike',
    '[09:14, 12/05] Dave Pike: the garden lights hub wont talk to the phone anymore\n[09:15, 12/05] Dave Pike: bluetooth finds it then says pairing failed\n[09:21, 12/05] Dave Pike: tried 3 different phones, same',
  ),
  tk(
    'en',
    CONN,
    'Mower not connect',
    c('Hello, the robot after I change the router cannot find the network. I put the new password but he say "authentication error". Please help how to do.'),
  ),
  tk(
    'en',
    CONN,
    'Client sites – 4 controllers dropped',
    c("We look after the gardens for a housing development. Four of the irrigation controllers on Maple Row have shown as disconnected since Tuesday, the fifth on the same street is fine. They all hang off the clubhouse wifi extender."),
  ),
  tk(
    'en',
    CONN,
    'weather station + a question',
    c("Quick one first: does the anemometer come in black? Main thing: the display has shown dashes for wind and rain since Friday. The outdoor unit blinks red every few seconds so it's alive, the console just doesn't pick it up any more."),
  ),
  tk('de', CONN, 'Mähroboter verbindet sich nicht mehr mit dem WLAN'),
  tk('de', CONN, 'Poolsteuerung ständig offline', c('Seit wir einen Repeater im Gartenhaus haben, ist die Poolsteuerung ständig offline. Vorher hing sie direkt am Router und lief ohne Probleme.')),
  tk('de', CONN, 'Vogelhaus-Kamera nicht erreichbar', c('Die Kamera am Vogelhaus lief zwei Wochen, jetzt zeigt die App nur noch "Gerät nicht erreichbar". Im Garten hat das Handy volle Balken.')),
  tk('fr', CONN, 'Le robot tondeuse ne se connecte plus en Bluetooth'),
  tk('fr', CONN, 'Spa hors ligne', c("Bonjour, depuis le changement de box internet le spa n'apparaît plus dans l'application. J'ai remis le même nom de réseau et le même mot de passe, rien à faire.")),
  tk('fr', CONN, 'Station météo', c("La console ne reçoit plus le capteur extérieur depuis qu'on l'a mis au fond du jardin, à environ 60 mètres de la maison.")),
  tk('es', CONN, 'el programador de riego no aparece en la app', c('Tengo el programador en el garaje y la app dice "sin conexión" desde hace tres días. El wifi llega bien, el móvil tiene señal ahí.')),
  tk('es', CONN, 'Mensaje de WhatsApp', c('hola, la cámara del comedero de pájaros se desconecta del wifi cada noche y por la mañana vuelve sola')),

  // --- Power: 13 en, 3 fr, 3 es, 2 de
  tk('en', POWER, 'mower wont leave the dock, says battery low even after charging all night'),
  tk('en', POWER, 'spa control panel is black, breaker is on'),
  tk('en', POWER, 'solar path lights die by 9pm'),
  tk('en', POWER, 'grill probe only lasts one cook'),
  tk('en', POWER, 'weather station console eats batteries'),
  tk(
    'en',
    POWER,
    'Chat transcript – mower',
    c('Hello, my robotic mower has stopped charging'),
    b('Thanks! Can you tell me the model and serial number?'),
    c('M7, serial on the back is MW7-220913'),
    a('Hi, Priya here. When the mower sits in the dock, what does the light on the dock do?'),
    c('It is green, but the mower display says "not charging" and the percentage goes down. The contacts look clean, I wiped them.'),
  ),
  td(
    'en',
    POWER,
    'Trustpilot review forwarded (1 star)',
    'Review by "Gerald H.", 1 star, "Dead after one winter": Stored the mower in the shed over winter as the manual says. In April it will not switch on at all, no lights, nothing when it sits on the dock. £900 and one season.',
  ),
  td(
    'en',
    POWER,
    'Diagnostic report from app',
    'Auto-generated report\nDevice: Pond pump controller PP-2\nApp version: 4.12.0\nLast error: E03\nUser comment: pump stops at random times and the controller restarts, the lights on it go off and come back. It is on an outdoor extension lead.',
  ),
  tk(
    'en',
    POWER,
    'Bird cam lasting two days',
    c("Also the colour of the replacement roof on your site is different from mine, not important. What I really need to know: the bird camera is flat after two days now, in spring it went three weeks. Does the little solar panel actually do anything?"),
  ),
  tk(
    'en',
    POWER,
    'Irrigation controler not turn on',
    c('Good morning. The controller in my garden is not power on since yesterday. The display is nothing. I check the fuse in the house, is ok. What I can do?'),
  ),
  tk(
    'en',
    POWER,
    'Campsite – bollards going dark',
    c('We run a small campsite and put 30 of your solar bollard lights along the paths. About a third now go out around midnight, they used to stay on till morning. They get full sun all day.'),
  ),
  tk('en', POWER, 'Mower stops mid-lawn', c("It mows for ten minutes, then just stops in the middle of the lawn and the screen goes dark. I have to carry it back to the dock. It showed 100 % when it left.")),
  tk('en', POWER, 'Docking station no light', c("The docking station has no light at all since yesterday. The socket works with a lamp. The mower sits there and doesn't fill up.")),
  tk('fr', POWER, 'La tondeuse ne se recharge plus'),
  tk('fr', POWER, 'Console éteinte', c("L'écran de la console s'éteint dès que je débranche l'adaptateur secteur, alors que les piles sont neuves.")),
  tk('fr', POWER, 'Lampes solaires', c("Les spots solaires achetés en mai ne tiennent plus qu'une heure le soir.")),
  tk('es', POWER, 'el robot no enciende'),
  tk('es', POWER, 'Termómetro de barbacoa', c('Cargo la sonda del termómetro toda la noche y a la media hora de cocinar ya se apaga.')),
  tk('es', POWER, 'Bomba del estanque', c('El controlador de la bomba del estanque se apaga solo cada pocas horas y hay que desenchufarlo para que arranque otra vez.')),
  tk('de', POWER, 'Akku hält nicht mehr', c('Unser Mähroboter schafft nur noch die halbe Rasenfläche, dann muss er zurück zur Ladestation. Letzten Sommer ging es in einem Durchgang.')),
  tk('de', POWER, 'Whirlpool-Bedienfeld bleibt dunkel', c('Das Bedienfeld vom Whirlpool zeigt nichts mehr an, auch nicht nachdem ich die Sicherung aus- und wieder eingeschaltet habe. Die Pumpe läuft auch nicht.')),

  // --- Billing: 13 en, 3 es, 3 de, 2 fr
  tk('en', BILL, 'charged for RTK plan after I cancelled'),
  tk('en', BILL, 'need invoice with our company name for the pool controller'),
  tk('en', BILL, 'why did the anti-theft SIM plan go up to 4.99'),
  tk('en', BILL, 'refund still not in my account'),
  tk('en', BILL, 'paid twice at checkout'),
  tk(
    'en',
    BILL,
    'Live chat – unknown charge',
    c("Hi, there's a charge from you on my card I don't recognise"),
    b('I can help with orders, devices and billing. Please type your order number.'),
    c("there's no order, that's the point"),
    a('Hello, Marcus here. Could you tell me the amount and the date?'),
    c('29.99 on the 3rd. I have the mower but I never signed up for anything called "Garden Pro".'),
  ),
  tk(
    'en',
    BILL,
    'Re: How did we do? (ticket 48812)',
    c('Your colleague promised a credit note for the cloud history plan we could not use in July. It is now September. Rating: 2/10 until it appears.'),
  ),
  tk(
    'en',
    BILL,
    "Invoice address – Linden Court residents' association",
    c("I'm the new treasurer of Linden Court residents' association. Your annual invoice for the irrigation monitoring plan is still addressed to the previous treasurer. Please reissue it to me with the association's name and tax number."),
  ),
  tk('en', BILL, 'Pay two times', c('Hello I buy the weather station, in the bank I see the money is took two times, 189 euro and 189 euro. Please return one.')),
  td(
    'en',
    BILL,
    'Contact form submission',
    "Name: J. Okafor\nTopic: Technical question\nProduct: Spa controller\nMessage: Can I switch from monthly to yearly for the remote access plan and get the discount you advertised? Don't want to pay twice for August.",
  ),
  tk('en', BILL, 'Theft protection renewed – mower sold', c('I got an email saying my theft protection renewed for another year. I sold the mower in March. Can I have that money back?')),
  tk(
    'en',
    BILL,
    'Trade account terms',
    c('We install your pool controllers for about 40 clients. Our trade account was switched from 30-day invoices to card payment up front without notice. Can you put us back on terms?'),
  ),
  tk(
    'en',
    BILL,
    'Zones and plans',
    c('By the way the app looks nicer since the redesign. Question: the premium irrigation plan says "up to 8 zones" and I have 10. Do I need two subscriptions or is there a bigger plan?'),
  ),
  tk('es', BILL, 'me cobraron dos veces el plan del robot este mes'),
  tk('es', BILL, 'Factura del robot', c('Necesito la factura del robot cortacésped a nombre de mi empresa, con el CIF, para la contabilidad.')),
  tk('es', BILL, 'Dar de baja el plan', c('Quiero dar de baja el plan de historial en la nube del controlador de la piscina a partir del mes que viene.')),
  tk('de', BILL, 'Rechnung fehlt'),
  tk('de', BILL, 'Abbuchung nach Kündigung', c('Ich habe das Premium-Abo für die Bewässerungs-App im Juni gekündigt, trotzdem wurden im Juli wieder 6,99 € abgebucht.')),
  tk('de', BILL, 'Mehrwertsteuer nicht ausgewiesen', c('Auf Ihrer Rechnung für die Wetterstation ist die Mehrwertsteuer nicht ausgewiesen, so kann ich sie beim Finanzamt nicht einreichen.')),
  tk('fr', BILL, 'Remboursement abonnement spa', c("Vous m'aviez promis le remboursement de l'abonnement annuel du spa, je n'ai toujours rien reçu sur ma carte.")),
  tk('fr', BILL, 'Prélèvement inconnu', c("Je vois un prélèvement de 9,99 € par mois à votre nom, je ne me souviens pas d'avoir souscrit à quoi que ce soit.")),

  // --- Hardware damage: 13 en, 3 de, 3 fr, 2 es
  tk('en', DAMAGE, 'mower shell cracked after it went down the bank'),
  tk('en', DAMAGE, 'hail smashed the solar panel on the bird cam'),
  tk('en', DAMAGE, 'dog chewed through the probe cable'),
  tk('en', DAMAGE, 'spa control panel cracked, water gets behind it'),
  tk('en', DAMAGE, 'weather station wind cups snapped off'),
  tk(
    'en',
    DAMAGE,
    'Chat – mower ran over something',
    c('my mower ran over something and now it sounds awful'),
    b("Sorry to hear that. Is your mower: not charging / not connecting / other?"),
    c('other'),
    a('Hi, this is Elena. What happened exactly?'),
    c("It went over a metal tent peg the kids left out. The blade disc is bent, one wheel wobbles and there's a crack in the body next to that wheel. It still drives but scrapes."),
  ),
  td(
    'en',
    DAMAGE,
    '[Community forum] Frost got my controller',
    `${FORUM} Post by allotment_anne: Left the tap timer controller on the tap over winter (my fault). The housing has split down the side and the valve part leaks whenever the water runs. Is that repairable or do I buy a new one?`,
  ),
  tk(
    'en',
    DAMAGE,
    'Controller was under water',
    c('Heavy rain flooded the lower garden last night and the pond pump controller sat under water for a few hours. It is dry now but there is mud inside the case and it smells burnt.'),
  ),
  tk('en', DAMAGE, 'Dropped the console on the tiles', c('My husband dropped the weather station display on the kitchen tiles. The screen now has a black blotch and lines across half of it.')),
  tk(
    'en',
    DAMAGE,
    'Station hit with a strimmer',
    c("One of our lads caught the charging station with a strimmer at a client's. The plastic cover is chipped in two places and the antenna on top is hanging off. Can we buy just the cover?"),
  ),
  tk('en', DAMAGE, 'Pool probe is broke', c('Hello, the glass of the pH probe is broke, my son hit it with the pool net. Is possible to buy only the probe?')),
  td(
    'en',
    DAMAGE,
    'Google review pasted by social team',
    '3 stars – "Tough? Not really": The bird cam came off the feeder pole in the wind (my mounting, fair enough) and the lens cracked. For an outdoor product I expected it to survive a two metre drop onto grass.',
  ),
  tk(
    'en',
    DAMAGE,
    'Base unit melted',
    c("Left the meat thermometer's base unit on the grill lid and one side has melted and bubbled. The screen still works but the case is deformed and the battery door won't close."),
  ),
  tk('de', DAMAGE, 'Gehäuse vom Mähroboter gerissen'),
  tk('de', DAMAGE, 'Wasser im Außensensor', c('Nach dem Unwetter ist Wasser im Außensensor der Wetterstation, man sieht Tropfen hinter der Abdeckung und die Platine ist grün angelaufen.')),
  tk('de', DAMAGE, 'Marder an der Ladestation', c('Ein Marder hat im Winter die Kabel an der Ladestation angeknabbert, die Isolierung ist an mehreren Stellen durch.')),
  tk('fr', DAMAGE, "l'écran du spa est fissuré"),
  tk('fr', DAMAGE, 'Tondeuse tombée dans la piscine', c("Notre robot tondeuse est tombé dans la piscine hier soir. On l'a sorti au bout d'une heure environ et il y a de l'eau dans le compartiment de la batterie.")),
  tk('fr', DAMAGE, 'Capot cassé', c('Une branche est tombée sur la caméra de la mangeoire, le capot est cassé en deux.')),
  tk('es', DAMAGE, 'Sonda doblada', c('Se me cayó la tapa de la barbacoa encima y la sonda quedó doblada, con el cable pelado.')),
  tk('es', DAMAGE, 'Pantalla rajada', c('Al cambiar el programador de riego de sitio se me cayó al suelo y la pantalla está rajada.')),

  // --- Firmware: 13 en, 3 fr, 3 es, 2 de
  tk('en', FW, 'since update 3.4 the mower ignores the rain delay'),
  tk('en', FW, 'spa stuck on "updating 62 %" since last night'),
  tk('en', FW, 'after the app update the zones show in the wrong order'),
  tk('en', FW, 'which firmware fixes the edge-cutting bug?'),
  tk('en', FW, 'weather station update failed, now only shows "boot"'),
  tk(
    'en',
    FW,
    'Live chat – pool schedule gone',
    c('Hello the pool controller did an update overnight and now the pump schedule is gone'),
    b('I can help! Have you tried restarting the device?'),
    c('yes twice'),
    a('Hi, Jonas from support. Which version does Settings > About show now?'),
    c('It says 5.2.0, before it was 5.1-something. Every time I save the schedule it says "saved" and then it is empty again when I reopen it.'),
  ),
  td(
    'en',
    FW,
    '[Community forum] 2.8 release thread',
    `${FORUM} Reply by greenkeeper_tom: Installed 2.8 on two mowers at the club. Both now stop at the same corner of the 6th green and spin in circles. The other three still on 2.7 are fine. Can we roll back?`,
  ),
  tk('en', FW, 'Go back to the old version?', c('The new firmware on the bird cam changed the night mode and now it records every moth all night. Is there a way to go back to the previous version?')),
  tk('en', FW, 'After actualisation not work the timer', c('Hello, after the actualisation of the software the irrigation not start at the time I put. Manual start is working. Version is 1.19.')),
  tk('en', FW, 'Update keeps asking', c('Every time I open the app it says a grill update is available. I press install, the bar goes to 100 % and next time it asks again. Still on 0.9.3.')),
  tk('en', FW, 'Re: Your feedback request', c("Can't rate you yet. The fix you mentioned for the mower reversing into the flower bed was supposed to be in the September release. I'm on it and it still does it.")),
  tk('en', FW, 'Beta for the pond controller', c('I read on the forum there is a beta that stops the controller rebooting every night at 2:00. Can I join the beta? We are on the August release.')),
  tk('en', FW, 'Panel in Italian since last night', c("Since the update last night the hot tub panel is in Italian and the language menu is greyed out.")),
  tk('fr', FW, 'mise à jour bloquée à 0 %'),
  tk('fr', FW, 'Bug depuis la version 3.5', c('Depuis la version 3.5 le robot ne retourne plus à sa base quand il pleut, il attend sous la pluie.')),
  tk('fr', FW, 'Quelle version est installée ?', c('Comment savoir quelle version du logiciel est installée sur la station météo et si elle est à jour ?')),
  tk('es', FW, 'después de la actualización el robot no corta los bordes'),
  tk('es', FW, 'Actualización cortada', c('La actualización del controlador de la piscina se cortó a la mitad y ahora la pantalla solo muestra el logotipo.')),
  tk('es', FW, 'Grabaciones sin sonido', c('Desde que se actualizó la cámara del comedero, las grabaciones se guardan sin sonido.')),
  tk('de', FW, 'Nach dem Update auf 4.0', c('Nach dem Update auf 4.0 startet die Bewässerung jeden Tag zweimal, obwohl nur ein Zeitplan eingestellt ist.')),
  tk('de', FW, 'Alte Firmware wieder aufspielen', c('Kann man beim Mähroboter die alte Firmware wieder aufspielen? Mit der neuen Version fährt er viel langsamer und wird nicht mehr fertig.')),

  // --- Installation: 13 en, 3 es, 3 de, 2 fr
  tk('en', SETUP, 'how deep does the boundary wire go'),
  tk('en', SETUP, 'which wires go to C and V1 on the irrigation controller'),
  tk('en', SETUP, 'mounting height for the weather station anemometer'),
  tk('en', SETUP, 'where to fit the chlorinator cell in the return line'),
  tk('en', SETUP, 'bird cam bracket doesnt fit our pole'),
  tk(
    'en',
    SETUP,
    'Chat – new mower setup',
    c('Hi, setting up the new mower, need help'),
    b('Welcome! Please choose: Order / Account / Other'),
    c('other'),
    a("Hi, I'm Sven. How far have you got?"),
    c('Wire is pegged round the lawn and both ends are in the station, but the station light blinks blue and the manual says it should be green. Do the ends cross over or go straight in? And there is a flower island in the middle, do I take the wire round it?'),
  ),
  tk(
    'en',
    SETUP,
    'Mower for a sloped client garden',
    c("We're fitting one of your mowers for a client with a steep slope at the back. Where should the docking station go – top or bottom of the slope – and does it need to be level?"),
  ),
  td(
    'en',
    SETUP,
    'Web enquiry',
    'Name: R. Desai\nTopic: Other\nOrder number:\nMessage: Electrician is coming Thursday for the spa controller. He wants to know the cable size and whether it needs its own RCD. What do I tell him?',
  ),
  tk('en', SETUP, 'How to put the pH sensor', c("Hello, I received the pool controller. I don't understand where I must put the pH sensor, before or after the filter? The pipe is 50 mm.")),
  tk(
    'en',
    SETUP,
    'Holiday park footpath – 12 bollards',
    c('Our holiday park is putting your solar bollards along the new footpath. Can they go straight into gravel or do they need a concrete base? And what spacing do you recommend?'),
  ),
  tk(
    'en',
    SETUP,
    'Rain gauge on the shed roof',
    c('Love the packaging, no plastic, well done. My question: the rain gauge has to go on the shed roof. Can the temperature unit be on a separate pole by the fence, or do both have to be together?'),
  ),
  td(
    'en',
    SETUP,
    'WhatsApp chat export – Karen',
    '[18:02, 02/06] Karen: just unpacked the pond controller\n[18:03, 02/06] Karen: which socket does the pump plug go in, there are 2 marked A and B\n[18:05, 02/06] Karen: and does the float switch go in the pond or in the filter box',
  ),
  tk('en', SETUP, 'Controller box on an outside wall?', c('Can the irrigation controller box be screwed to the outside wall of the house, or does it have to go in the garage? That wall gets afternoon sun and rain.')),
  tk('es', SETUP, 'cómo pasar el cable perimetral alrededor de la piscina'),
  tk('es', SETUP, 'Clorador salino', c('Me llegó el clorador salino. ¿Hay que conectarlo al mismo enchufe que la depuradora o aparte? En el manual no viene explicado.')),
  tk('es', SETUP, 'Montaje de la estación meteorológica', c('¿A qué altura y con qué orientación tengo que poner el panel solar del sensor exterior? Vivo en Málaga.')),
  tk('de', SETUP, 'Begrenzungsdraht verlegen'),
  tk('de', SETUP, 'Anschluss der Magnetventile', c('Ich habe sechs Magnetventile und das Steuergerät, aber im Heft ist nur ein Ventil eingezeichnet. Wie werden die gemeinsamen Leiter zusammengeführt?')),
  tk('de', SETUP, 'Ladestation aufstellen', c('Darf die Ladestation direkt an der Hauswand stehen oder braucht sie vorne und seitlich Platz? Der Rasen ist dort sehr schmal.')),
  tk('fr', SETUP, 'Raccordement du contrôleur de spa', c('Le technicien demande si le contrôleur se branche en direct sur le tableau électrique ou sur une prise. Que recommandez-vous ?')),
  tk('fr', SETUP, 'Fixation sur la mangeoire', c('La vis fournie est trop courte pour fixer la caméra sur notre mangeoire en bois épais. Quelle longueur faut-il ?')),

  // --- Account: 13 en, 3 de, 3 fr, 2 es
  tk('en', ACCT, 'cant log in, code never arrives'),
  tk('en', ACCT, 'new house came with a mower registered to the old owner'),
  tk('en', ACCT, 'how do i give my gardener access to the irrigation app'),
  tk('en', ACCT, 'forgot which email i used for the spa app'),
  tk('en', ACCT, 'please delete my account and data'),
  tk(
    'en',
    ACCT,
    'Live chat – locked out',
    c("hello I'm locked out of the app"),
    b('I can help you reset your password. Tap "Forgot password" on the login screen.'),
    c('did that, the link says expired'),
    a('Hi, Amira here. Which email address is on the account?'),
    c('k.lindqvist@ the same one the link came to. I clicked it within a minute. Tried on the laptop and the phone.'),
  ),
  tk(
    'en',
    ACCT,
    'Guest access for our holiday homes',
    c("We manage six holiday homes with your hot tubs. We want each week's guests to control only the tub in their house and lose that on checkout day. Is there a guest role, or do we have to share our own login?"),
  ),
  tk('en', ACCT, 'Remove my ex from the app', c('My ex-husband still has admin on the mower and the garden lights and keeps changing the schedules. The house is mine now. How do I take him off?')),
  tk('en', ACCT, 'App refuse my new password', c('Hello, I make new password 3 times, always the app say "wrong password or email". I am sure the email is correct.')),
  tk(
    'en',
    ACCT,
    'Committee handover',
    c("A new committee took over the residents' association. The irrigation account is under the old chair's personal email and she has moved abroad. How do we get it moved to the association?"),
  ),
  tk(
    'en',
    ACCT,
    'Re: Rate your support experience',
    c("Hard to rate when I still can't get in. The two-factor codes go to my old phone number and your colleague said someone would change it within 48 hours. That was last week."),
  ),
  td(
    'en',
    ACCT,
    'App Store review forwarded (2 stars)',
    '2 stars, "Sign in with Apple broken": I made my account with Sign in with Apple, now the app only offers email and password and says no account found. All my mower history is out of reach.',
  ),
  tk('en', ACCT, 'Two profiles for one pool', c('My wife and I each made an account and somehow registered the pool controller twice. Can you merge them so we both see the same thing?')),
  tk('de', ACCT, 'Passwort zurücksetzen klappt nicht'),
  tk('de', ACCT, 'Zugang für den Nachbarn', c('Wir sind drei Wochen im Urlaub, der Nachbar soll die Bewässerung steuern können. Wie lade ich ihn ein, ohne ihm mein Passwort zu geben?')),
  tk('de', ACCT, 'Konto in der Garten-App vorübergehend gesperrt', c('Nach mehreren Versuchen steht in der App "Konto vorübergehend gesperrt". Wie lange dauert das?')),
  tk('fr', ACCT, 'impossible de me connecter à l\'appli du spa'),
  tk('fr', ACCT, "Nouvelle adresse e-mail pour l'appli d'arrosage", c("J'ai changé de fournisseur d'accès et mon ancienne adresse ne fonctionne plus. Comment mettre la nouvelle sur mon compte ?")),
  tk('fr', ACCT, 'Ancien propriétaire', c("Nous avons acheté la maison avec le spa, mais il est toujours lié au compte de l'ancien propriétaire, que nous n'arrivons pas à joindre.")),
  tk('es', ACCT, 'Acceso para el jardinero', c('¿Puedo dar acceso a mi jardinero a la app del robot sin que vea mis otros aparatos?')),
  tk('es', ACCT, 'No llega el código', c('Intento entrar en la app y el código de verificación no me llega, ni al correo ni a spam.')),

  // --- Shipping: 13 en, 3 fr, 3 es, 2 de
  tk('en', SHIP, 'tracking says the mower was delivered, nothing at the gate'),
  tk('en', SHIP, 'wrong colour bird cam in the box'),
  tk('en', SHIP, 'return label for the mower please, too big for our garden'),
  tk('en', SHIP, 'pool controller ordered 3 weeks ago still not sent'),
  tk('en', SHIP, 'courier left the mower box at the wrong house'),
  tk(
    'en',
    SHIP,
    'Chat – where is my order',
    c('Where is my order??'),
    b('I can track that for you. Please enter your order number.'),
    c('77410-GB'),
    a('Hi, Leo here. It left our warehouse on Monday with the carrier. Has the tracking link worked for you?'),
    c("It says 'held at depot – address query' for 4 days now. The address is right, it's a farm and the postcode covers a big area. Can they not just ring me?"),
  ),
  tk(
    'en',
    SHIP,
    'Garden centre order – pallet short',
    c("We're a garden centre and ordered 24 weather stations for the spring display. The pallet arrived with 18, the delivery note says 24. Please send the rest."),
  ),
  tk('en', SHIP, 'Unopened gift to send back', c('Bought the grill thermometer as a present, he already has one. Still sealed. How do I send it back?')),
  tk('en', SHIP, 'Package not arrive', c('Hello, I order the solar lights 2 weeks ago, the tracking not move since 6 days in Belgium. When arrive?')),
  td(
    'en',
    SHIP,
    'Returns form',
    'Order no.: 55-20931\nReason for return: Other\nComments: Ordered the 500 m² mower, meant to order the 1000 m² one. Would like to swap, not get a refund.',
  ),
  tk(
    'en',
    SHIP,
    'Missing from the box',
    c('Before I forget, lovely clear instructions. Main thing: the box came without the plug-in adapter for the charging station, there is just the station itself. Can you post one?'),
  ),
  tk('en', SHIP, 'Deliver to our holiday home instead', c("Can you change the delivery address on my spa controller order to our holiday home in Brittany? I don't think it has gone out yet.")),
  tk('en', SHIP, 'Collection never happened', c('You said a courier would collect the faulty pump on Tuesday for the return. Nobody came and no email. It is boxed up by the door.')),
  tk('fr', SHIP, 'colis jamais reçu'),
  tk('fr', SHIP, 'Étiquette de retour', c("Je souhaite renvoyer la station météo, elle ne me convient pas. Comment obtenir l'étiquette de retour ?")),
  tk('fr', SHIP, 'Commande en préparation depuis dix jours', c('Ma commande du robot tondeuse est indiquée « en préparation » depuis dix jours. Quand sera-t-elle expédiée ?')),
  tk('es', SHIP, 'me llegó otro modelo'),
  tk('es', SHIP, 'Faltan los sensores de lluvia', c('En el paquete del programador de riego faltaban los dos sensores de lluvia que pedí.')),
  tk('es', SHIP, 'Cambio de dirección de envío', c('Me mudé la semana pasada, ¿pueden mandar el pedido de la cámara a la dirección nueva?')),
  tk('de', SHIP, 'Lieferung an Packstation', c('Kann ich den Mähroboter an eine Packstation liefern lassen, oder ist der Karton zu groß?')),
  tk('de', SHIP, 'Rücksendung wird nicht angenommen', c('Ich habe den Rücksendeschein ausgedruckt, aber der Paketdienst nimmt das Paket wegen der Größe nicht an. Was nun?')),

  // --- Sensor accuracy: 13 en, 3 es, 3 de, 2 fr
  tk('en', SENSOR, 'pH always reads 7.9 no matter what i add'),
  tk('en', SENSOR, 'rain gauge says 40mm, it barely drizzled'),
  tk('en', SENSOR, 'meat probe 10 degrees off from my kitchen thermometer'),
  tk('en', SENSOR, 'spa water feels cold but panel says 39'),
  tk('en', SENSOR, 'wind speed way too high on calm days'),
  tk(
    'en',
    SENSOR,
    'Live chat – chlorine numbers',
    c('Hi, the chlorine numbers in the app make no sense'),
    b('I can help with Wi-Fi, updates and billing. Which do you need?'),
    c('none of those'),
    a('Hi, Ruth here. What are you seeing?'),
    c('App says free chlorine 0.2 so it doses like mad, but the test strips and the pool shop both say 3. The water smells of bleach. Do I need to calibrate the probe or replace it?'),
  ),
  tk(
    'en',
    SENSOR,
    'ORP low across client pools',
    c('We service 15 pools with your controllers. On four of them ORP reads 200-300 mV lower than our handheld meter since the spring clean. Is there a calibration routine we should do each season?'),
  ),
  td(
    'en',
    SENSOR,
    '[Community forum] Outdoor temp high in the afternoon',
    `${FORUM} Post by weatherwatcher_kent: Every sunny afternoon my station reads 6-8 degrees above the Met Office station two miles away. Mornings match. The radiation shield is fitted.`,
  ),
  tk('en', SENSOR, 'Humidity is wrong', c('Hello, the weather station show humidity 99% all the day, even when is sunny and dry. My other hygrometer say 45%.')),
  tk('en', SENSOR, 'Mower thinks it is raining', c('The mower keeps going back to the dock with "rain detected" on completely dry sunny days. I wiped the little plates on top. Not every day, maybe three times a week.')),
  td(
    'en',
    SENSOR,
    'Pasted review – Trustpilot, 2 stars',
    '"Temperature is a guess": The pool float says 31 degrees. My cheap floating thermometer and my hand say about 24. Nice app, useless number.',
  ),
  tk(
    'en',
    SENSOR,
    'Front bed never gets watered',
    c('Also, your newsletter lands in spam, just so you know. My actual problem: the soil moisture sensor in the front bed says 80 % so the irrigation skips it, but the soil is dust dry two inches down.'),
  ),
  tk('en', SENSOR, 'Pond level off by 12 cm', c("The pond controller shows the level 12 cm lower than it really is, I measured with a ruler at the marker. It's been like that since I cleaned the pond.")),
  tk('es', SENSOR, 'la sonda de pH marca mal'),
  tk('es', SENSOR, 'Temperatura del agua', c('El controlador dice que la piscina está a 30 grados y con el termómetro de mano da 25.')),
  tk('es', SENSOR, 'Pluviómetro', c('El pluviómetro de la estación marca el doble de lo que da la AEMET para mi pueblo, y el de mi vecino marca la mitad que el mío.')),
  tk('de', SENSOR, 'Außentemperatur falsch'),
  tk('de', SENSOR, 'Kerntemperatur stimmt nicht', c('Das Grillthermometer zeigt 20 Grad weniger als mein Einstichthermometer, das Fleisch war beim ersten Mal noch roh.')),
  tk('de', SENSOR, 'Luftfeuchte zu hoch', c('Die Wetterstation zeigt draußen immer 10 % mehr Luftfeuchte als die amtliche Station im Nachbarort, auch bei trockenem Wetter.')),
  tk('fr', SENSOR, 'Le capteur de pH est-il à calibrer ?', c('Le pH affiché reste à 6,8 alors que mon kit de test indique 7,4.')),
  tk('fr', SENSOR, 'Température du spa surévaluée', c("Le panneau du spa affiche 40 °C mais mon thermomètre flottant indique 35 °C, et l'eau est à peine tiède.")),
];

export const HELDOUT_V11_LANGUAGES: readonly Lang[] = [...testLanguages];

const exampleLanguages: Lang[] = [];
into = exampleLanguages;

/** Three typical past tickets per category, as an agent would pick them (none is a test ticket). */
export const HELDOUT_V11_EXAMPLES: LabelledTicket[] = [
  tk('en', CONN, 'Mower offline in app', c('The mower shows as offline in the app although it is within range of the router.')),
  tk('en', CONN, 'Spa controller loses Wi-Fi', c('The spa controller keeps dropping off our home Wi-Fi several times a day.')),
  tk('de', CONN, 'Wetterstation empfängt Außensensor nicht', c('Die Konsole zeigt keine Werte vom Außensensor mehr, die Funkverbindung ist weg.')),

  tk('en', POWER, 'Mower battery drains quickly', c('The mower battery now only lasts about 20 minutes.')),
  tk('fr', POWER, "Le programmateur ne s'allume plus", c("Le programmateur d'arrosage ne s'allume plus du tout.")),
  tk('en', POWER, 'Solar lights not charging', c('The solar lights do not charge during the day and stay off at night.')),

  tk('en', BILL, 'Charged twice for subscription', c('I was billed twice for the premium plan this month.')),
  tk('es', BILL, 'Solicitud de factura', c('Necesito una factura de la compra del robot cortacésped.')),
  tk('en', BILL, 'Refund for remaining months', c('I cancelled my plan and would like a refund for the remaining months.')),

  tk('en', DAMAGE, 'Cracked mower cover', c('The top cover of the mower cracked after it fell off the trailer.')),
  tk('de', DAMAGE, 'Wasserschaden an der Poolsteuerung', c('In die Poolsteuerung ist Wasser eingedrungen, sie ist seitdem kaputt.')),
  tk('en', DAMAGE, 'Broken camera lens', c('The lens of the bird camera broke when it fell.')),

  tk('en', FW, 'Firmware update fails', c('The firmware update fails at 50 % every time.')),
  tk('en', FW, 'Schedule ignored after latest firmware', c('Since the latest firmware the mower no longer follows its schedule.')),
  tk('es', FW, 'Última versión de firmware', c('¿Cuál es la última versión de firmware del controlador de piscina?')),

  tk('en', SETUP, 'Distance of boundary wire from lawn edge', c('How far from the edge of the lawn should the boundary wire be laid?')),
  tk('fr', SETUP, 'Branchement des électrovannes', c('Comment brancher les électrovannes sur le programmateur ?')),
  tk('en', SETUP, 'Installing the pool controller probes', c('I am installing the pool controller, where in the pipework do the probes go?')),

  tk('en', ACCT, 'Password reset email missing', c('I forgot my password and the reset email does not arrive.')),
  tk('en', ACCT, 'Add family member', c('How can I give my wife access to our devices in the app?')),
  tk('de', ACCT, 'Anmeldung in der App nicht möglich', c('Ich kann mich nicht mehr in der App anmelden.')),

  tk('en', SHIP, 'Order not received', c('My order has not arrived yet, it has been two weeks.')),
  tk('es', SHIP, 'Devolución de pedido', c('Quiero devolver la estación meteorológica que compré.')),
  tk('en', SHIP, 'Wrong model delivered', c('I received a different model from the one I ordered.')),

  tk('en', SENSOR, 'pH reading incorrect', c('The pH shown by the controller differs from my test kit.')),
  tk('fr', SENSOR, 'Température extérieure trop élevée', c('La station affiche une température extérieure trop élevée par rapport à la réalité.')),
  tk('en', SENSOR, 'Rain gauge overreports', c('The rain gauge reports more rain than actually fell, how do I calibrate it?')),
];

export const HELDOUT_V11_EXAMPLE_LANGUAGES: readonly Lang[] = [...exampleLanguages];

const plain = (title: string, content: string): LabelledTicket['ticket'] => ({ title, description: '', messages: [{ role: 'customer', content }] });

/** Mail that belongs to no category (thanks, applications, invitations, pitches, auto-replies): abstaining is right. */
export const HELDOUT_V11_NO_CATEGORY: LabelledTicket['ticket'][] = [
  plain('Thank you – best lawn on the street', 'Just a note to say the neighbours keep asking who does our lawn. We tell them it is Mr Munch, our mower. Thank you!'),
  plain('Application – summer internship in product testing', 'Please find attached my CV. I study horticultural engineering and would love to join your testing team for the summer.'),
  plain('Stand offer – regional garden fair', 'We still have a few outdoor stands free at the regional garden fair in May. Would your company like to exhibit? Prices attached.'),
  plain('Raffle prize for the village fête?', 'Our village fête raises money for the church roof. Would you consider donating a prize for the raffle?'),
  plain('Get 10,000 real followers this week!!!', 'Dear brand, grow your Instagram fast with our guaranteed followers package. Reply YES for a free trial.'),
  plain('Out of office until 14 August', 'I am away until 14 August with no access to e-mail. For urgent matters please contact the office.'),
  plain('Podcast interview on robotic gardening', 'I host a gardening podcast and would love to have someone from your team talk about robot mowers and wildlife-friendly lawns.'),
  plain('Ein großes Lob', 'Ich wollte nur sagen, dass uns der Verkäufer im Gartencenter sehr gut beraten hat. Weiter so!'),
  plain('Proposition de partenariat', "Bonjour, je suis créatrice de contenu jardin sur Instagram (40 000 abonnés) et je vous propose une collaboration pour la saison."),
  plain('Mensaje equivocado', 'Perdón, esto era para mi cuñado, lo de la paella del domingo. Ignórenlo.'),
  plain('A poem about our mower', 'My daughter (7) wrote a poem about our mower for school and insisted I send it to you: "Mr Munch goes round and round, never makes a single sound..."'),
];
