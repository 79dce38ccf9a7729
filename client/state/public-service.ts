/** A public service of this white label, as `/meta/services` describes it (landing page cards). */
export interface PublicService {
  module: string;
  name: string;
  kind: string;
  description: string;
  path: string;
}
