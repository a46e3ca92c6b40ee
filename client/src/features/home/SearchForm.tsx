import { Search } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { LocationSelect, SearchCriteriaForm, searchHref, ServiceTypeSelect } from '@/features/directory';
import { useRegion } from '@/lib/region';

/** The hero search: each chosen criterion goes into the /search address, nothing is required. A plain GET form without JavaScript. */
export function SearchForm() {
  const region = useRegion();
  const [service, setService] = useState('');
  const [location, setLocation] = useState('');
  const [searching, setSearching] = useState(false);
  const [, navigate] = useLocation();

  return (
    <SearchCriteriaForm
      className="mx-auto grid w-full max-w-4xl gap-3 rounded-lg bg-background p-4 text-foreground shadow-lg md:grid-cols-[1fr_1fr_auto] md:items-end"
      onSearch={() => {
        setSearching(true);
        try {
          navigate(searchHref(service, location));
        } catch {
          setSearching(false);
          toast({
            title: 'Search Error',
            description: 'Failed to search contractors. Please try again.',
            variant: 'destructive',
          });
        }
      }}
    >
      <div className="grid gap-1.5 text-left">
        <Label htmlFor="home-service">Service Type</Label>
        <ServiceTypeSelect
          id="home-service"
          name="service"
          value={service}
          onChange={setService}
          emptyLabel="Select a service..."
        />
      </div>
      <div className="grid gap-1.5 text-left">
        <Label htmlFor="home-location">Location</Label>
        <LocationSelect
          id="home-location"
          name="location"
          value={location}
          onChange={setLocation}
          emptyLabel={region.allLocationsLabel}
        />
      </div>
      <Button type="submit" size="lg" variant="accent" disabled={searching} icon={Search}>
        {searching ? 'Searching...' : 'Find Contractors Near Me'}
      </Button>
    </SearchCriteriaForm>
  );
}
