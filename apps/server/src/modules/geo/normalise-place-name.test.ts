import { describe, expect, it } from 'vitest';
import { germanTransliteration, normalisePlaceName } from './normalise-place-name.ts';

describe('normalisePlaceName', () => {
  it('drops accents and case', () => {
    expect(normalisePlaceName('Zürich')).toBe('zurich');
    expect(normalisePlaceName('SÃO PAULO')).toBe('sao paulo');
    expect(normalisePlaceName('Reykjavík')).toBe('reykjavik');
    expect(normalisePlaceName('İzmir')).toBe('izmir');
  });

  it('spells letters that have no accent to drop the way an English keyboard types them', () => {
    expect(normalisePlaceName('Łódź')).toBe('lodz');
    expect(normalisePlaceName('Tromsø')).toBe('tromso');
    expect(normalisePlaceName('Straße')).toBe('strasse');
    expect(normalisePlaceName('Ærøskøbing')).toBe('aeroskobing');
    expect(normalisePlaceName('Þorlákshöfn')).toBe('thorlakshofn');
    expect(normalisePlaceName('Đà Nẵng')).toBe('da nang');
    expect(normalisePlaceName('Diyarbakır')).toBe('diyarbakir');
  });

  it('treats hyphens, dots and repeated spaces as one space and drops apostrophes', () => {
    expect(normalisePlaceName('Saint-Étienne')).toBe('saint etienne');
    expect(normalisePlaceName('St.  Gallen ')).toBe('st gallen');
    expect(normalisePlaceName("L'Aquila")).toBe('laquila');
    expect(normalisePlaceName('L’Aquila')).toBe('laquila');
  });

  it('reads a decomposed accent like a composed one', () => {
    expect(normalisePlaceName('Zu\u0308rich')).toBe(normalisePlaceName('Z\u00fcrich'));
  });

  it('leaves nothing of a text without letters or digits', () => {
    expect(normalisePlaceName(' -- ')).toBe('');
  });
});

describe('germanTransliteration', () => {
  it('writes umlauts as ae, oe, ue', () => {
    expect(germanTransliteration('Zürich')).toBe('zuerich');
    expect(germanTransliteration('Köln')).toBe('koeln');
    expect(germanTransliteration('Mönchengladbach')).toBe('moenchengladbach');
  });

  it('has nothing to offer for a name without umlauts', () => {
    expect(germanTransliteration('Berlin')).toBeNull();
  });
});
