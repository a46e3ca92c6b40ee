import { LayoutGrid, List } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { ViewMode } from './ContractorCard';

/**
 * Grid or list. Without JavaScript each button submits `view` through the GET form `form` names
 * (its own form, so the filters form keeps 'Apply Filters' as its default button); with
 * JavaScript a click only calls onChange.
 */
export function ViewToggle({
  view,
  onChange,
  form,
}: {
  view: ViewMode;
  onChange: (v: ViewMode) => void;
  form: string;
}) {
  const item = (mode: ViewMode, label: string, Icon: typeof List) => (
    <button
      type="submit"
      form={form}
      name="view"
      value={mode}
      aria-pressed={view === mode}
      aria-label={label}
      onClick={(e) => {
        e.preventDefault();
        onChange(mode);
      }}
      className={cn(
        'inline-flex h-9 w-9 items-center justify-center rounded-md border',
        view === mode ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
      )}
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
