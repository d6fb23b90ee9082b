import type { TicketMessage } from '../../shared/domain/ticket/ticket.schema';
import type { LabelledTicket } from './classifier-set';

/**
 * Held-out set v3 for `npm run bench:classifier` (issue 20, third round), written in one sitting
 * BEFORE round-3 tuning by an engineer who never read the classifier's code, vocabulary or scoring
 * (only the bench sets and scripts, for the format), and committed with the baseline figures.
 * v2 and v1 have been looked at while tuning and are reported as "seen". Rules for this file:
 * misses are never listed ticket by ticket, and nothing here is used to choose vocabulary, weights
 * or thresholds.
 *
 * Style, deliberately unlike the tuning set, v1 and v2: very short tickets with typos and no
 * message ("refund pls", "offlne"), long rambling customer messages that bury the point under
 * context, conversations where the agent or a bot answers about another category and the
 * customer corrects them, hardware faults by symptom (whine, clicking, heat, scorch marks),
 * accuracy problems by measured disagreement (side-by-side sensors, utility meter, inspector),
 * billing by plans, tiers, pro-rata credits, VAT, receipts and purchase orders, account by
 * sign-in, 2FA codes, roles, SAML and ownership transfer, and six tickets per category in
 * German, French and Spanish (54 in all). Same nine categories as the tuning set (BENCH_CATEGORIES), 20 per
 * category.
 *
 * HELDOUT_V3_EXAMPLES: three labelled tickets per category (the organization's examples for the
 * "after 3 examples" figure), written in the same sitting, not overlapping the test tickets.
 * HELDOUT_V3_NO_CATEGORY: tickets that belong to no category (greetings, feedback, a call-back
 * request): the right answer is to abstain. Reported on their own, outside the headline.
 */
type M = [TicketMessage['role'], string];
function k(category: string, title: string, ...messages: M[]): LabelledTicket {
  return { category, ticket: { title, description: '', messages: messages.map(([role, content]) => ({ role, content })) } };
}
const cu = (content: string): M => ['customer', content];
const ag = (content: string): M => ['agent', content];
const bo = (content: string): M => ['bot', content];

export const HELDOUT_V3_TICKETS: LabelledTicket[] = [
  // ---------------- Connectivity ----------------
  k('Connectivity', 'no bars on the hub'),
  k('Connectivity', 'offlne'),
  k('Connectivity', 'lost contact', cu('app shows "last heard 14h ago" for every sensor upstairs')),
  k('Connectivity', 'app cant find it anymore'),
  k('Connectivity', 'after ISP swap nothing reports', cu('the internet provider came today and replaced the modem. since then all our units are grey in the portal')),
  k('Connectivity', 'hi, long story',
    cu("Hello, so first of all thanks for the great product, we have had it for two years in our bakery and it has been great. Last week the electrician was here to redo the lighting and since then the two freezer monitors show as unreachable, the little light blinks orange forever. The lights in the bakery work fine btw, and the monitors still beep locally so they clearly have power. What do I do?")),
  k('Connectivity', 'blinking orange',
    cu('the status LED blinks orange and the portal has had no data since Tuesday'),
    ag('Orange usually means the battery is below 10%. Please replace the batteries and let me know how it goes.'),
    cu('batteries are brand new, the app showed 3.0 V before it disappeared. it just cannot reach the router')),
  k('Connectivity', 'Zigbee coordinator keeps losing devices'),
  k('Connectivity', 'LoRa uplinks missing', cu('the gateway console shows no join requests from 5 of our 12 field units')),
  k('Connectivity', '5GHz only network', cu('our office wifi is 5 GHz only and the unit does not see it in the scan')),
  k('Connectivity', 'TLS inspection proxy', cu('we sit behind a corporate proxy; the hub handshake with your cloud fails')),
  k('Connectivity', 'sim shows registered but no data', cu('the cellular model attaches to the network but never opens a data session')),
  k('Connectivity', 'Keine Verbindung zum Router'),
  k('Connectivity', 'Sensor meldet sich nicht mehr', cu('Seit gestern Abend kommen keine Werte mehr in der App an, der Sensor selbst blinkt.')),
  k('Connectivity', 'Perte de connexion fréquente', cu('Le boîtier se déconnecte du wifi plusieurs fois par jour.')),
  k('Connectivity', 'appairage impossible'),
  k('Connectivity', 'No se empareja con el móvil'),
  k('Connectivity', 'El hub aparece desconectado', cu('Desde el cambio de router no hay manera de que vuelva a estar en línea.')),
  k('Connectivity', 'holes in the graphs every night',
    cu('there is no data between 1am and 5am every single night'),
    bo('It looks like you are asking about sensor readings. Here is our calibration guide.'),
    cu('the readings are fine when they come, there are simply none for hours, the device vanishes from the network')),
  k('Connectivity', 'bluetooth range 2 m only'),

  // ---------------- Power ----------------
  k('Power', 'flat again'),
  k('Power', 'batt dies in a day'),
  k('Power', 'no lights, nothing', cu('pressed every button, held reset for 30 s, completely lifeless')),
  k('Power', 'charger warm, unit not charging'),
  k('Power', 'reboots every few minutes', cu('I hear the startup chime every 5 minutes or so, day and night')),
  k('Power', 'PoE switch shows 0 W drawn'),
  k('Power', 'cells question',
    cu("Morning. We bought 40 of your door units for our school last autumn and now in spring about a third of them already ask for new cells. The spec sheet said 2 years. We have not changed any setting, they report every 10 minutes as before. Is there a bad batch or did something change in how they use energy? Replacing cells in 14 units every few months is not sustainable for us.")),
  k('Power', 'dies when unplugged',
    cu('works while on the USB cable, the moment I unplug it it switches off'),
    ag('It might be that your account needs re-linking. Please log out and sign in again in the app.'),
    cu('I do not think the app has anything to do with it, the internal battery simply holds no charge')),
  k('Power', 'solar top-up not enough in winter'),
  k('Power', 'reports 2.1V on fresh AAA cells'),
  k('Power', 'restarts whenever the fridge kicks in', cu('same socket as the fridge, every time the fridge compressor starts the device goes off and on')),
  k('Power', 'never gets past 80% charge'),
  k('Power', 'Batterie nach einer Woche leer'),
  k('Power', 'Startet ständig neu', cu('Das Gerät fährt alle paar Minuten herunter und wieder hoch, auch am Netzteil.')),
  k('Power', 'Ne charge plus', cu("Le voyant de charge ne s'allume plus quand je branche le câble.")),
  k('Power', 'Autonomie très faible'),
  k('Power', 'Se apaga solo', cu('Se apaga varias veces al día aunque la batería marque 80 %.')),
  k('Power', 'No carga la batería'),
  k('Power', 'backup cell did not take over', cu('power cut last night and the unit went dark instead of running on its backup cell')),
  k('Power', 'stuck at 1% while plugged in'),

  // ---------------- Billing ----------------
  k('Billing', 'refund pls'),
  k('Billing', 'invoice copy'),
  k('Billing', 'going up a tier mid-month', cu('we need more than 50 devices, what happens to the price if we move up a tier in the middle of the month?')),
  k('Billing', 'charged twice??'),
  k('Billing', 'VAT ID not printed', cu('our VAT number DE123456789 is missing on the last three invoices')),
  k('Billing', 'cancel subscripton'),
  k('Billing', 'took over the accounts',
    cu("Hi there, I'm the office manager and I took over the accounts from my colleague who left. I see we pay monthly for the Growth plan and my boss asked if there is a discount for paying the whole year upfront, and whether we can switch in the middle of the current period without paying twice. Also could future invoices go to accounts@ rather than her old address?")),
  k('Billing', 'receipts for the tax adviser',
    cu('I need receipts for every payment in 2032 for our tax adviser'),
    ag('To download data, go to the device page and export the measurements as CSV.'),
    cu('not the measurements. the payment receipts, for the money we paid you')),
  k('Billing', 'why 19% tax', cu('we are a Swiss company, why is German tax added to our bill?')),
  k('Billing', 'card expired, where do I put the new one'),
  k('Billing', 'pro-rata credit after downgrade', cu('moved from Premium to Standard on the 10th, I expected a credit for the rest of the month')),
  k('Billing', 'purchase order number on invoices'),
  k('Billing', 'trial ended and I got billed', cu('I never confirmed the paid plan after the free trial and now 29 EUR were taken')),
  k('Billing', 'Mehrwertsteuer falsch ausgewiesen'),
  k('Billing', 'Abo kündigen', cu('Bitte kündigen Sie unser Abonnement zum nächstmöglichen Termin.')),
  k('Billing', 'Facture introuvable', cu('Je ne trouve pas la facture du mois dernier dans mon espace client.')),
  k('Billing', 'Passer au forfait supérieur'),
  k('Billing', 'Reembolso de la suscripción', cu('Cancelé el plan en enero y me siguen cobrando.')),
  k('Billing', 'Factura a nombre de la empresa'),
  k('Billing', 'price for 10 extra devices on Starter'),

  // ---------------- Hardware damage ----------------
  k('Hardware damage', 'cracked lens'),
  k('Hardware damage', 'plastic warped near the plug', cu('there is a brown scorch mark and the housing has gone soft and wavy')),
  k('Hardware damage', 'high pitched whine', cu('it emits a constant whine you can hear across the room, started after we moved house')),
  k('Hardware damage', 'smells like burning plastic'),
  k('Hardware damage', 'too hot to touch', cu('the back of the case is too hot to hold even when idle, it never used to be')),
  k('Hardware damage', 'dead pixels and a dark patch on the display'),
  k('Hardware damage', 'button stuck down', cu('the front button is physically jammed and does not spring back')),
  k('Hardware damage', 'after the storm',
    cu("We had a big thunderstorm on Saturday and the outdoor unit on the barn was hit by hail or maybe the branch that came down. Since then the casing has a hole about the size of a coin and there's condensation inside the window. It still shows some numbers but I don't trust it, and I'm worried the electronics will get wet. Can this be repaired or swapped?")),
  k('Hardware damage', 'clicking inside',
    cu('it makes a clicking noise inside, like a relay going on and off every second'),
    ag('Clicking is usually the firmware applying an update. Please wait an hour and check the version.'),
    cu('it has been doing it for three days, and something rattles when I tilt it, I think a part came loose when the courier dropped it')),
  k('Hardware damage', 'bent pins on the probe connector'),
  k('Hardware damage', 'wrist strap snapped'),
  k('Hardware damage', 'case bulging, battery swollen'),
  k('Hardware damage', 'black blots spreading on the screen'),
  k('Hardware damage', 'sparks when I plug it in'),
  k('Hardware damage', 'Display gesprungen'),
  k('Hardware damage', 'Brummt laut und riecht verbrannt', cu('Das Gerät brummt seit gestern laut und es riecht nach verschmortem Kunststoff.')),
  k('Hardware damage', 'Écran fêlé'),
  k('Hardware damage', "De l'eau dans le boîtier", cu('Après le nettoyage au jet, il y a de la buée sous la vitre.')),
  k('Hardware damage', 'Carcasa rota'),
  k('Hardware damage', 'Hace un ruido raro', cu('Desde que se cayó hace un zumbido y la tapa trasera está suelta.')),

  // ---------------- Firmware ----------------
  k('Firmware', 'v7.2 broke alerts'),
  k('Firmware', 'ota failed twice'),
  k('Firmware', 'stuck on boot logo after the update'),
  k('Firmware', 'what changed in 5.1.3'),
  k('Firmware', 'downgrade firmwre?'),
  k('Firmware', 'update keeps failing at 87%'),
  k('Firmware', 'since the weekend',
    cu("Not sure if this is related but on Sunday night the devices installed the new version automatically (we got the email) and since Monday morning the scheduled reports come out in Fahrenheit even though everything is set to Celsius, and the on-screen menu switched to English. Nothing else changed on our side. Can you push a fix or tell us how to get the previous version back?")),
  k('Firmware', 'device page crashes',
    cu('since the last app release the device page crashes immediately on Android 14'),
    ag('Please check that the device is charged and close to the router.'),
    cu('the device is fine, it is the new app version that crashes, the previous release worked')),
  k('Firmware', 'patch for last week\'s CVE?', cu('is there a release that fixes the TLS vulnerability announced last week?')),
  k('Firmware', 'turn off automatic updates'),
  k('Firmware', 'release notes please'),
  k('Firmware', 'freezes every 3 days since 4.0'),
  k('Firmware', 'bootloader version mismatch error'),
  k('Firmware', 'Firmware-Update schlägt fehl'),
  k('Firmware', 'Nach dem Update geht die Zeitsteuerung nicht mehr'),
  k('Firmware', 'Bug depuis la dernière version', cu("Depuis la mise à jour, l'écran reste figé au démarrage.")),
  k('Firmware', 'Revenir à la version précédente'),
  k('Firmware', 'Actualización fallida', cu('La actualización se queda colgada y el equipo se reinicia en bucle.')),
  k('Firmware', '¿Qué versión de firmware tengo?'),
  k('Firmware', 'after update it reports every minute instead of every 15'),

  // ---------------- Installation ----------------
  k('Installation', 'how to mount'),
  k('Installation', 'which screws for brick'),
  k('Installation', 'terminal labels confusing', cu('the base has terminals W1, Y1, G, Rh, Rc and my old one had only 2 wires')),
  k('Installation', 'how far from the boiler?'),
  k('Installation', 'ceiling or wall for best coverage'),
  k('Installation', 'clamp too small for our pole', cu('the pole is 60 mm, the clamp seems made for 40 mm')),
  k('Installation', 'new office floor',
    cu("We are fitting out a new office floor (about 1200 m²) and plan to put your sensors in every meeting room. Before the drywall contractor closes the walls we need to know: do we need a socket near each unit, should cable be run in conduit, what height above the floor, and can two rooms share one hub? Thanks, facilities team.")),
  k('Installation', 'QR code at setup',
    cu('during first setup the app asks me to scan the QR code but there is none on the back'),
    ag('Sorry to hear that! If something was missing from your order we can refund or reship it.'),
    cu('no need, I just need to finish adding it. where else could the code be printed?')),
  k('Installation', 'onboarding 200 devices from a CSV?', cu('is there a bulk way to register and set up a large rollout?')),
  k('Installation', 'neutral wire needed?'),
  k('Installation', 'above the bathtub ok?', cu('is the unit allowed in bathroom zone 1, what IP rating does it have')),
  k('Installation', 'magnet gap on the door contact'),
  k('Installation', 'where to put the outdoor probe'),
  k('Installation', 'Wie montiere ich die Halterung?'),
  k('Installation', 'Anschluss an 230 V', cu('Welche Adern kommen an L und N, und brauche ich einen Elektriker?')),
  k('Installation', 'Installation du capteur extérieur', cu('À quelle hauteur faut-il fixer la sonde et dans quelle orientation ?')),
  k('Installation', 'Première mise en service'),
  k('Installation', 'Cómo instalo el soporte en la pared'),
  k('Installation', 'Cableado del termostato', cu('Tengo cuatro cables de colores y no sé dónde va cada uno.')),
  k('Installation', 'din rail clip or wall box?'),

  // ---------------- Account ----------------
  k('Account', "can't sign in!!"),
  k('Account', '2fa code invalid', cu('the six digit code from my authenticator is always rejected')),
  k('Account', 'pasword reset mail never comes'),
  k('Account', 'make my business partner the owner'),
  k('Account', 'revoke ex-employee', cu('a technician left us last month, how do I take away his access to our devices')),
  k('Account', 'change the email I log in with'),
  k('Account', 'two accounts',
    cu("Hello, I seem to have created two separate accounts over the years, one with my gmail and one with my work email, and the devices are split between them. I would like everything under the work email, and the old one closed, without losing the sensor history. Also my wife should be able to see the house devices with her own login.")),
  k('Account', 'locked out',
    cu('I got locked out after typing my password wrong, the app says try later'),
    ag('Our records show your last payment failed; please update your card to restore service.'),
    cu('payment is fine, I just cannot get past the login screen')),
  k('Account', 'new phone, authenticator gone'),
  k('Account', 'viewer role can edit thresholds?', cu('a user with the viewer role was able to change alarm thresholds')),
  k('Account', 'session expires every 5 minutes'),
  k('Account', 'SAML login with Okta'),
  k('Account', 'deleted my account by mistake'),
  k('Account', 'Kann mich nicht anmelden', cu('Beim Login kommt immer "Benutzername oder Passwort falsch", obwohl es stimmt.')),
  k('Account', 'Zwei-Faktor-Code kommt nicht an'),
  k('Account', 'Impossible de me connecter'),
  k('Account', 'Transférer le compte à un collègue', cu('Je quitte la société, comment donner la propriété du compte à mon collègue ?')),
  k('Account', 'Olvidé mi contraseña'),
  k('Account', 'No llega el código para entrar', cu('No recibo el SMS con el código de acceso.')),
  k('Account', 'magic link says invalid token'),

  // ---------------- Shipping ----------------
  k('Shipping', 'order not here yet'),
  k('Shipping', 'tracking stuck in sorting centre for 6 days'),
  k('Shipping', 'delivered to a neighbour? cant find it'),
  k('Shipping', 'recieved wrong colour', cu('ordered white, got black')),
  k('Shipping', 'send back an unopened box'),
  k('Shipping', 'split shipment?', cu('only half of order 88213 arrived, is the rest coming separately?')),
  k('Shipping', 'demo kits for a trade fair',
    cu("Hi, we ordered 25 demo kits on the 2nd for a trade fair that starts on the 20th in Lyon. The confirmation said 3-5 business days but the order page still says 'processing'. If it does not leave this week it is useless for us and we would rather cancel. Can you tell me honestly when it leaves your warehouse and with which carrier?")),
  k('Shipping', 'box arrived crushed',
    cu('the outer carton was crushed in transit'),
    ag('That sounds like a firmware issue, please update to the latest release.'),
    cu('it has nothing to do with software, the courier delivered a flattened parcel and I want a new one sent')),
  k('Shipping', 'import duty at the door', cu('the courier asked me for 48 EUR import duty on delivery, nobody told me about that')),
  k('Shipping', 'change delivery address before dispatch'),
  k('Shipping', 'express delivery available?'),
  k('Shipping', 'RMA number for a return'),
  k('Shipping', 'exchange the bracket kit for the bigger size'),
  k('Shipping', 'Paket nicht angekommen'),
  k('Shipping', 'Falscher Artikel geliefert', cu('Statt des Außensensors wurde ein Innensensor geliefert.')),
  k('Shipping', 'Suivi de commande', cu('Le numéro de suivi ne fonctionne pas sur le site du transporteur.')),
  k('Shipping', 'Retour produit'),
  k('Shipping', 'Mi pedido no llega', cu('Hice el pedido hace diez días y sigue sin enviarse.')),
  k('Shipping', 'Devolver un producto'),
  k('Shipping', 'deliver to a PO box?'),

  // ---------------- Sensor accuracy ----------------
  k('Sensor accuracy', 'temp 3C too high'),
  k('Sensor accuracy', 'humidity stuck at 0'),
  k('Sensor accuracy', 'says 27 in a room at 19', cu('next to a calibrated thermometer it shows 8 degrees more, all day long')),
  k('Sensor accuracy', 'motion alerts with nobody home', cu('it reports motion every 10 minutes while the house is empty and the alarm is armed')),
  k('Sensor accuracy', 'CO2 never above 410', cu('even with 12 people in the meeting room for two hours')),
  k('Sensor accuracy', 'leak sensor false alarm every night'),
  k('Sensor accuracy', 'noise sensor shows 55 dB at night'),
  k('Sensor accuracy', 'three units, three answers',
    cu("I'm comparing three of your sensors side by side on my desk, same model, same firmware. One says 21.4, one 22.9 and one 19.8. They've been there for a day so it's not warm-up. Which one is right and can I adjust the offset myself? We use them to prove storage temperature to the health inspector so this matters.")),
  k('Sensor accuracy', 'energy figures twice the real ones',
    cu('the energy monitor shows twice what the utility bills us for'),
    ag('If you were overcharged, I can open a billing case for a refund.'),
    cu('nobody overcharged me, the kWh figures on YOUR sensor are double the real consumption')),
  k('Sensor accuracy', 'pressure creeps up every week'),
  k('Sensor accuracy', 'lux sensor says dark at noon'),
  k('Sensor accuracy', 'door contact shows open when shut'),
  k('Sensor accuracy', 'soil probe 100% in dry soil'),
  k('Sensor accuracy', 'Messwerte weichen ab', cu('Die Luftfeuchte liegt 15 % über dem Referenzgerät.')),
  k('Sensor accuracy', 'Bewegungsmelder löst ständig aus'),
  k('Sensor accuracy', 'Température erronée', cu('Le capteur affiche 5 degrés de moins que le thermomètre à côté.')),
  k('Sensor accuracy', 'Détections fantômes'),
  k('Sensor accuracy', 'La humedad marca siempre lo mismo'),
  k('Sensor accuracy', 'El sensor marca 4 grados de más'),
  k('Sensor accuracy', 'offset adjustmnet possible?'),
];

/** Three labelled tickets per category: the organization's examples for run (b) on v3. */
export const HELDOUT_V3_EXAMPLES: LabelledTicket[] = [
  k('Connectivity', 'greyed out in the portal', cu('the thermostat shows as not connected and no new values come in')),
  k('Connectivity', 'pairing fails', cu('the sensor will not join the hub, pairing mode times out')),
  k('Connectivity', 'Hors ligne', cu("Le capteur n'est plus connecté au réseau depuis hier.")),
  k('Power', 'empty too fast', cu('the cells run down within days, they should last a year')),
  k('Power', 'will not start', cu('it does not switch on at all, even on the charger')),
  k('Power', 'Apagado', cu('El equipo se apaga cuando lo desenchufo, la batería no aguanta.')),
  k('Billing', 'overcharged this month', cu('we were billed for 30 devices but only have 12')),
  k('Billing', 'switch plan', cu('please move our subscription from the monthly to the yearly plan')),
  k('Billing', 'Gutschrift', cu('Bitte erstatten Sie den doppelt abgebuchten Betrag.')),
  k('Hardware damage', 'dropped it', cu('it fell on the tiles and the case has split open')),
  k('Hardware damage', 'burning smell', cu('a smell of burning comes from the unit and the plastic is discoloured')),
  k('Hardware damage', 'loud buzzing', cu('it buzzes loudly since the fall and the lid is loose')),
  k('Firmware', 'new release problem', cu('after installing the latest version the schedules stopped working')),
  k('Firmware', 'stuck updating', cu('the software update hangs and never completes')),
  k('Firmware', 'Versión anterior', cu('¿Cómo vuelvo a la versión anterior del firmware?')),
  k('Installation', 'fixing to the wall', cu('what plugs and screws do I need to hang it on the wall?')),
  k('Installation', 'which terminal', cu('where does the red wire connect on the base plate?')),
  k('Installation', 'Montage', cu("Comment fixer le support au plafond ?")),
  k('Account', 'cannot log in', cu('my login is refused although the password is correct')),
  k('Account', 'give access to a colleague', cu('how do I add a coworker so she can see our devices?')),
  k('Account', 'Anmeldecode', cu('Der Bestätigungscode für die Anmeldung kommt nicht per SMS.')),
  k('Shipping', 'parcel late', cu('the package was due on Monday and still has not come')),
  k('Shipping', 'return', cu('how do I send the unit back for a return?')),
  k('Shipping', 'Paquete equivocado', cu('Me llegó un modelo distinto al que pedí.')),
  k('Sensor accuracy', 'reads too warm', cu('the temperature is 4 degrees above the real room temperature')),
  k('Sensor accuracy', 'false triggers', cu('the motion detector fires when nobody is there')),
  k('Sensor accuracy', 'Humidité fausse', cu("L'humidité affichée est 20 % trop haute.")),
];

/** Tickets that belong to no category: the right outcome is to abstain. */
export const HELDOUT_V3_NO_CATEGORY: LabelledTicket['ticket'][] = [
  { title: 'hello', description: '', messages: [] },
  { title: 'question', description: '', messages: [] },
  { title: 'urgent!!!', description: '', messages: [] },
  { title: 'thanks for last week', description: '', messages: [{ role: 'customer', content: 'just wanted to say thanks to Maria for the quick help' }] },
  { title: 'installer partner programme in Austria?', description: '', messages: [] },
  { title: 'feedback', description: '', messages: [{ role: 'customer', content: 'love the design, a dark mode would be nice' }] },
  { title: 'Frage', description: '', messages: [] },
  { title: 'Bonjour', description: '', messages: [] },
  { title: 'Consulta', description: '', messages: [] },
  { title: 'please call me back', description: '', messages: [{ role: 'customer', content: '+44 7700 900123, anytime after 3pm' }] },
];

/**
 * Round 4's split of v3 (v3 was seen after round 3): per category, tickets 0, 2, 4… are the tuning
 * half (misses may be listed), tickets 1, 3, 5… the own held-out half, reported in aggregate only
 * and never listed ticket by ticket. The examples stay HELDOUT_V3_EXAMPLES for both halves.
 */
export function splitHeldoutV3(): { tuning: LabelledTicket[]; heldout: LabelledTicket[] } {
  const seen = new Map<string, number>();
  const tuning: LabelledTicket[] = [];
  const heldout: LabelledTicket[] = [];
  for (const t of HELDOUT_V3_TICKETS) {
    const i = seen.get(t.category) ?? 0;
    seen.set(t.category, i + 1);
    (i % 2 === 0 ? tuning : heldout).push(t);
  }
  return { tuning, heldout };
}
