import fc from 'fast-check';
import { mqttIdentifierProblem, thingNameFor } from '../../shared/config/iot';

const ORG = '0f8fad5b-d9cb-469f-a165-70867728950e';
// Every character mqttIdentifierProblem accepts.
const allowed = fc.constantFrom(...'abcXYZ019_.,@:=[]-'.split(''));
const identifier = fc.array(allowed, { minLength: 1, maxLength: 40 }).map((cs) => cs.join(''));

describe('thing names for devices', () => {
  test('always a valid IoT thing name (and MQTT client id)', () => {
    fc.assert(fc.property(identifier, (id) => /^[a-zA-Z0-9:_-]{1,128}$/.test(thingNameFor(ORG, id))));
  });

  test('injective: two identifiers never share a thing', () => {
    fc.assert(fc.property(identifier, identifier, (a, b) => a === b || thingNameFor(ORG, a) !== thingNameFor(ORG, b)));
    // The escape character itself is escaped, so a literal `_2E` cannot pose as `.`.
    expect(thingNameFor(ORG, 'a.b')).not.toBe(thingNameFor(ORG, 'a_2Eb'));
  });

  test('readable for the common case, deterministic', () => {
    expect(thingNameFor(ORG, 'SN-1')).toBe(`fd-${ORG}-SN-1`);
    expect(thingNameFor(ORG, 'unit.7')).toBe(`fd-${ORG}-unit_2E7`);
  });

  test('identifiers that cannot travel as a thing attribute and a topic segment are named with the reason', () => {
    expect(mqttIdentifierProblem(ORG, 'SN-1')).toBeUndefined();
    expect(mqttIdentifierProblem(ORG, '')).toBe('Device identifier must not be empty');
    for (const bad of ['a b', 'a/b', 'a+b', 'a#b', 'a$b', 'é']) expect(mqttIdentifierProblem(ORG, bad)).toMatch(/cannot be used over MQTT/);
    expect(mqttIdentifierProblem(ORG, 'x'.repeat(88))).toBeUndefined();
    expect(mqttIdentifierProblem(ORG, 'x'.repeat(89))).toMatch(/too long for an IoT thing name/);
  });
});
