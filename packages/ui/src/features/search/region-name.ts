/**
 * A region's full Russian name from the reference data's short name and type ('Татарстан', 'Респ' -> 'Республика
 * Татарстан'). A reference-data display rule; it belongs in core if another screen needs it.
 */
export function formatRegionName(region: string, regionType: string | null | undefined): string {
  switch (regionType) {
    case 'обл':
      return `${region} область`;
    case 'край':
      return `${region} край`;
    case 'Аобл':
      return `${region} автономная область`;
    case 'АО': {
      const dash = region.indexOf(' — ');
      return dash === -1
        ? `${region} автономный округ`
        : `${region.slice(0, dash)} автономный округ${region.slice(dash)}`;
    }
    case 'Респ':
      return /ая$/.test(region.split(' ')[0] ?? '') ? `${region} Республика` : `Республика ${region}`;
    default:
      return region;
  }
}
