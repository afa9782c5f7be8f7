/** This plugin's tables (server/migrations.ts). */
export interface ConversationsTables {
  conversations_projects: {
    id: string;
    organization_id: string;
    name: string;
    name_key: string;
    created_by: string | null;
    created_at: string;
    updated_at: string;
    deleted_at: string | null;
  };
  conversations_conversations: {
    id: string;
    organization_id: string;
    project_id: string;
    user_id: string;
    name: string;
    query_string: string;
    start_date: string | null;
    end_date: string | null;
    threat_feed: number;
    language: string;
    status: string;
    last_run: string | null;
    suspended: number;
    is_scaled: number;
    is_org_nrms: number;
    use_existing_data: number;
    rerun: number;
    enrichment_stages: string;
    topics_status: string | null;
    dag_step: number | null;
    image_url: string | null;
    description: string | null;
    next_run_at: string | null;
    created_at: string;
    updated_at: string;
    deleted_at: string | null;
  };
  conversations_query_audit: {
    id: string;
    run_id: string;
    organization_id: string;
    created_at: string;
    user_id: string | null;
    user: string | null;
    organization: string;
    query_string: string;
    status: string;
    state: string;
    threat_feed: number;
    query_duration: number | null;
    start_date: string | null;
    end_date: string | null;
    last_run: string | null;
    data_collectors: string;
    conversation_id: string;
    conversation_name: string;
    project_name: string;
    coordination_detected: number;
    datacollector_failures: string;
    conversation_run_type: string;
  };
}

export type ConversationRow = ConversationsTables['conversations_conversations'];
export type ProjectRow = ConversationsTables['conversations_projects'];
