import { describe, expect, it } from 'vitest';
import { uuidV5 } from './uuid5';
import { STIX_SCO_NAMESPACE, domainNameId } from './stix';

describe('uuidV5', () => {
  it('matches the RFC DNS-namespace vector (Python documentation: uuid5(NAMESPACE_DNS, "python.org"))', () => {
    expect(uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
  });

  it("matches the STIX 2.1 deterministic domain-name ids (the spec's example.com, and control.example.com)", () => {
    expect(uuidV5('{"value":"example.com"}', STIX_SCO_NAMESPACE)).toBe('bedb4899-d24b-5401-bc86-8f6b4cc18ec7');
    expect(domainNameId('example.com')).toBe('domain-name--bedb4899-d24b-5401-bc86-8f6b4cc18ec7');
    expect(domainNameId('control.example.com')).toBe('domain-name--427e3664-0043-5865-b454-97df26649bde');
  });

  it('sets version 5 and the RFC variant, and refuses a namespace that is not a UUID', () => {
    expect(uuidV5('anything', STIX_SCO_NAMESPACE)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow('Not a UUID: not-a-uuid');
  });
});
