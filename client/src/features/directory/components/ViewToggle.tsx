import { LayoutGrid, List } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { ViewMode } from './ContractorCard';

export function ViewToggle({ view, onChange }: { view: ViewMode; onChange: (v: ViewMode) => void }) {
  const item = (mode: ViewMode, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={view === mode}
      aria-label={label}
      onClick={() => onChange(mode)}
      className={cn('inline-flex h-9 w-9 items-center justify-center rounded-md border', view === mode ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted')}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
  return (
    <div className="flex gap-1" role="group" aria-label="View">
      {item('grid', 'Grid view', LayoutGrid)}
      {item('list', 'List view', List)}
    </div>
  );
}
