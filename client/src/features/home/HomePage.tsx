import type { Region } from '@shared/region';
import { Head } from '@/components/head';
import { useRegion } from '@/lib/region';
import { NewsletterSignup } from '@/features/newsletter';
import { FeaturedContractors } from './FeaturedContractors';
import { ProjectOverview } from './ProjectOverview';
import { SearchForm } from './SearchForm';
import { StatsBand } from './StatsBand';
import { WhyChooseLocal } from './WhyChooseLocal';

/** The county, its first three towns ('Laporte PA builders', 'Dushore contractors', 'Eagles Mere remodeling') and the state, from the region's data. */
const homeKeywords = (region: Region) => [
  `${region.county} contractors`,
  ...region.towns
    .slice(0, 3)
    .map((t, i) => `${t.name} ${[`${region.state} builders`, 'contractors', 'remodeling'][i]}`),
  `home builders ${region.stateName}`,
];

export default function HomePage() {
  const region = useRegion();
  return (
    <>
      <Head
        title={`Find Trusted Building Contractors in ${region.displayName} | ${region.siteTitle}`}
        description={`Connect with licensed, insured contractors in ${region.county} for home building, remodeling, additions and electrical work. Free quotes from local pros.`}
        path="/"
        keywords={homeKeywords(region)}
      />
      <section className="bg-gradient-to-b from-primary to-primary/90 text-primary-foreground">
        <div className="container mx-auto px-4 py-14 text-center md:py-20">
          <h1 className="mx-auto max-w-4xl text-3xl font-bold tracking-tight md:text-5xl">{`Find Trusted Building Contractors in ${region.displayName}`}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg">{`Connect with licensed professionals for home building, remodeling, additions and electrical work across ${region.county}.`}</p>
          <div className="mt-8">
            <SearchForm />
          </div>
        </div>
      </section>
      <StatsBand />
      <FeaturedContractors />
      <ProjectOverview />
      <WhyChooseLocal />
      <NewsletterSignup />
    </>
  );
}
