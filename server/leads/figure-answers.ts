import type { Frozen } from '@shared/deep-freeze';
import type { DashboardFigures } from '@shared/schemas/county-figures';
import { CountyAnswers } from '../county-answers';
import type { Database, Db } from '../db/client';
import { countyFigureVersions } from '../db/schema';

/**
 * The dashboard's charts kept between requests (docs/decisions/0129-dashboard-charts.md), for a
 * scope and a day (the clock's day decides the weeks and months), each stamped with the figures
 * versions of its counties, which deferred triggers move when a change to their figures commits
 * (migrations/0040): a county's year is summed again only after something in it changed.
 * Built once per database (Database.prepared) and shared by the app's requests.
 */
class FigureAnswers {
  private readonly answers: CountyAnswers<DashboardFigures>;

  constructor(db: Db) {
    const statement = db.select().from(countyFigureVersions).prepare('county_figure_versions_all');
    this.answers = new CountyAnswers(() => statement.execute(), 64);
  }

  get(
    regionIds: readonly number[] | null,
    day: string,
    read: () => Promise<DashboardFigures>,
  ): Promise<Frozen<DashboardFigures>> {
    return this.answers.get(day, regionIds, read);
  }
}

export const figureAnswersOf = (database: Pick<Database, 'prepared'>): FigureAnswers =>
  database.prepared('dashboard_figures', (db) => new FigureAnswers(db));
