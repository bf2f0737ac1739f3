import { describe, expect, it } from 'vitest';
import { coordinatesIn, zoneAt, zoneNamedIn } from './hotel-clock.ts';

describe('a hotel’s zone, from whatever shape its location has', () => {
  it('is the zone the location names, under any of the usual keys', () => {
    expect(zoneNamedIn({ latitude: 48.86, longitude: 2.35, time_zone: 'Europe/Paris' })).toBe('Europe/Paris');
    expect(zoneNamedIn({ timezone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    expect(zoneNamedIn({ tz: { id: 'America/New_York', offset: '-05:00' } })).toBe('America/New_York');
    expect(zoneNamedIn({ time_zone: 'Mars/Olympus_Mons' })).toBeNull();
    expect(zoneNamedIn({ lat: 1, lng: 2, area: 'Centre' })).toBeNull();
    expect(zoneNamedIn(null)).toBeNull();
  });

  it('reads coordinates in the shapes services use', () => {
    expect(coordinatesIn({ latitude: 48.86, longitude: 2.35 })).toEqual({ lat: 48.86, lon: 2.35 });
    expect(coordinatesIn({ lat: '40.7', lng: '-74.0', area: null })).toEqual({ lat: 40.7, lon: -74 });
    expect(coordinatesIn({ coordinates: { lat: 35.68, lon: 139.69 } })).toEqual({ lat: 35.68, lon: 139.69 });
    expect(coordinatesIn({ lat: 100, lng: 0 })).toBeNull();
    expect(coordinatesIn({ district: 'Le Marais' })).toBeNull();
  });

  it('finds the zone at a point on the map', async () => {
    expect(await zoneAt(48.8566, 2.3522)).toBe('Europe/Paris');
    expect(await zoneAt(40.7128, -74.006)).toBe('America/New_York');
    expect(await zoneAt(-8.65, 115.22)).toBe('Asia/Makassar');
  });
});
