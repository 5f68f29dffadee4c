import { describe, expect, it } from 'vitest';
import { type Results, replaceBetweenMarkers, summaryMarkdown, toMarkdown } from './report.js';

function sample(): Results {
  return {
    machine: {
      cpu: 'Test CPU',
      cores: 2,
      memoryGiB: 24,
      node: 'v20.0.0',
      v8: '11',
      platform: 'linux x64',
      date: '2026-01-01T00:00:00.000Z',
    },
    method: ['one line of method'],
    timingOverheadNs: 3,
    pairs: [
      {
        id: 'box-box',
        title: 'Box-box',
        configurations: 1024,
        mix: { overlapping: 0.6, touching: 0.1, separated: 0.3 },
        rows: [
          // speed = fastest peer / row: 4000 / 100 = 40 for ours, 4000 / 4000 = 1 for the peer.
          {
            library: 'contactkit',
            call: 'collideBoxBox',
            medianNs: 100,
            speedVsFastestPeer: 40,
            contactsPerCall: 2.5,
            bytesPerCall: 0,
          },
          {
            library: 'rapier',
            call: 'contactShape',
            note: 'one point',
            medianNs: 4000,
            speedVsFastestPeer: 1,
            contactsPerCall: 0.7,
            bytesPerCall: 1400,
          },
        ],
      },
    ],
    scaling: [{
      title: 'Contour',
      unit: 'ns/call',
      rows: [{ label: 'circle', size: 1000, medianNs: 250, contactsPerCall: 0.8, bytesPerCall: 0 }],
      notes: ['100000 vertices: refused'],
    }],
    targets: [
      {
        description: 'Box-box',
        required: 30,
        measured: 40,
        pass: true,
        unit: 'x',
        pair: 'box-box',
        peers: ['rapier'],
      },
      {
        description: 'Zero allocation: box-box',
        required: 0,
        measured: 16,
        pass: false,
        unit: 'bytes/call',
      },
      { description: 'Polygon-polygon', required: 5, measured: null, pass: false, unit: 'x' },
    ],
    sink: [1.5, 2],
    seconds: 12,
  };
}

describe('toMarkdown', () => {
  const markdown = toMarkdown(sample());

  it('states the machine and the mix', () => {
    expect(markdown).toContain('Test CPU, 2 cores, 24 GiB, Node v20.0.0');
    expect(markdown).toContain(
      '1024 configurations: 60% overlapping, 10% touching, 30% separated.',
    );
  });

  it('writes one row per implementation, ours first, with the peer note', () => {
    const rows = markdown.split('\n').filter((line) =>
      line.startsWith('| contactkit') || line.startsWith('| rapier')
    );
    expect(rows).toEqual([
      '| contactkit | `collideBoxBox` | 100 | 40x | 2.50 | 0 |',
      '| rapier | `contactShape` (one point) | 4000 | 1.00x | 0.70 | 1400 |',
    ]);
  });

  it('lists each target with its measurement and PASS or MISS', () => {
    expect(markdown).toContain('| Box-box | 40x | >= 30x | PASS |');
    expect(markdown).toContain(
      '| Zero allocation: box-box | 16 bytes/call | 0 bytes/call | MISS |',
    );
    expect(markdown).toContain('| Polygon-polygon | not measured | >= 5x | MISS |');
  });

  it('keeps the scaling notes', () => {
    // 250 ns over 1000 vertices is 0.25 ns a vertex.
    expect(markdown).toContain('| circle | 1000 | 250 | 0.25 | 0.80 | 0 |');
    expect(markdown).toContain('Note: 100000 vertices: refused');
  });
});

describe('summaryMarkdown', () => {
  it('names the fastest peer and the fastest pure-JS peer, with how many times faster ours is', () => {
    const results = sample();
    results.pairs[0]!.rows.push({
      library: 'oimophysics',
      call: 'detect',
      medianNs: 250,
      speedVsFastestPeer: 16,
      contactsPerCall: 2.5,
      bytesPerCall: 0,
    });
    // Fastest peer: oimophysics 250 ns, 250 / 100 = 2.5 times ours; Rapier (WebAssembly) at 4000 is
    // neither.
    expect(summaryMarkdown(results).split('\n')[2]).toBe(
      '| Box-box | 100 | oimophysics 250 | 2.50x | oimophysics 250 | 2.50x | 30x over rapier: met |',
    );
  });

  it('skips WebAssembly peers in the pure-JS column', () => {
    // Only Rapier: the fastest peer is Rapier (4000 / 100 = 40x), there is no pure-JS peer.
    expect(summaryMarkdown(sample()).split('\n')[2]).toBe(
      '| Box-box | 100 | rapier 4000 | 40x | none |  | 30x over rapier: met |',
    );
  });

  it('names the machine, the Node version and the date of the run below the table', () => {
    const lines = summaryMarkdown(sample()).trimEnd().split('\n');
    expect(lines.at(-2)).toBe('');
    expect(lines.at(-1)).toBe(
      'Taken on Test CPU (2 cores, 24 GiB), Node v20.0.0 (V8 11), linux x64, on 2026-01-01.',
    );
  });
});

describe('replaceBetweenMarkers', () => {
  it('replaces only the text between the named markers, and leaves text without them alone', () => {
    const text = 'a\n<!-- t: start -->\nold\n<!-- t: end -->\nb';
    expect(replaceBetweenMarkers(text, 't', 'new')).toBe(
      'a\n<!-- t: start -->\nnew\n<!-- t: end -->\nb',
    );
    expect(replaceBetweenMarkers('no markers', 't', 'new')).toBe('no markers');
  });
});
