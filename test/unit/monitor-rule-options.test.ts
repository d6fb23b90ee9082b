import { parseRuleOptions } from '../../shared/domain/anomaly/anomaly.schema';

/** `monitor rule add` options: every refusal is the one-line message the CLI prints. */
describe('monitor rule options', () => {
  it('accepts one bound, with an optional duration', () => {
    expect(parseRuleOptions({ measurement: 'battery', below: '10', forMinutes: '30' })).toEqual({ measurement: 'battery', operator: 'below', value: 10, forMinutes: 30 });
    expect(parseRuleOptions({ measurement: 'temp', above: '-5' })).toEqual({ measurement: 'temp', operator: 'above', value: -5, forMinutes: 0 });
  });

  it.each([
    [{ below: '10' }, 'Missing required option --measurement'],
    [{ measurement: 'bad name', below: '1' }, '--measurement "bad name" is not a valid measurement name'],
    [{ measurement: 'b', below: '1', above: '2' }, 'Give exactly one of --below <value> or --above <value>'],
    [{ measurement: 'b', below: 'low' }, '--below must be a number: 0, or between 1e-130 and 1e125 in magnitude'],
    [{ measurement: 'b', above: '1e-200' }, '--above must be a number: 0, or between 1e-130 and 1e125 in magnitude'],
    [{ measurement: 'b', below: '1', forMinutes: '1.5' }, '--for-minutes must be an integer from 0 to'],
  ])('%j is refused', (options, message) => {
    expect(() => parseRuleOptions(options)).toThrow(message);
  });
});
