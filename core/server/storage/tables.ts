import type { Generated } from 'kysely';

/** Core tables. Plugins declare their own tables (`<plugin_id>_*`) and reach them with `db.withTables<T>()`. */
export interface CoreTables {
  core_migrations: { id: string; owner: string; applied_at: string };
  core_secrets: { name: string; value: string; created_at: string };
  core_organizations: {
    id: string;
    name: string;
    settings: string;
    created_at: string;
    enable_sso: Generated<number>;
    cognito_idp_name: Generated<string | null>;
  };
  core_users: {
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    organization_id: string;
    password_hash: string | null;
    roles: string;
    permissions: string;
    require_mfa_enabled: number;
    mfa_enabled: number;
    mfa_enabled_at: string | null;
    change_password: number;
    is_active: number;
    created_at: string;
    updated_at: string;
    /** JSON list of feature flags granted to this user on top of the organisation's. */
    features: Generated<string>;
    /** Unix milliseconds (bigint: PostgreSQL answers it as a string); access tokens issued earlier are refused. */
    sessions_valid_from: Generated<number | string>;
  };
  core_groups: { id: string; name: string; organization_id: string; created_at: string };
  core_user_groups: { user_id: string; group_id: string };
  core_refresh_tokens: {
    id: string;
    user_id: string;
    token_hash: string;
    organization_id: string;
    expires_at: string;
    revoked_at: string | null;
    replaced_by: string | null;
    created_at: string;
    /**
     * The session (sign-in) the token belongs to, kept across rotations; access tokens carry it as `sid` and are
     * honoured only while the session has an active token (core/102 set it to the id on older tokens).
     */
    session_id: string;
  };
  core_workspace_layouts: {
    user_id: string;
    layout_id: string;
    version: number;
    layout: string;
    updated_at: string;
  };
  core_preferences: { user_id: string; preferences: string; updated_at: string };
  /** Conversation runs: the pipeline's durable job table (core/server/pipeline/README.md). */
  core_pipeline_runs: {
    id: string;
    organization_id: string;
    conversation_id: string;
    run_type: string;
    status: string;
    request: string;
    dag_step: number | null;
    current_stage: string | null;
    enrichment_stage: string | null;
    progress: number;
    message: string | null;
    error: string | null;
    collector_usage: string;
    attempts: number;
    cancel_requested: number;
    requested_by: string | null;
    worker_id: string | null;
    heartbeat_at: string | null;
    created_at: string;
    started_at: string | null;
    finished_at: string | null;
    updated_at: string;
  };
  /** One row per stage a run reached, with the stage version that produced its output. */
  core_pipeline_stage_runs: {
    run_id: string;
    stage_id: string;
    stage_version: number;
    dag_step: number;
    status: string;
    attempts: number;
    progress: number;
    error: string | null;
    started_at: string | null;
    finished_at: string | null;
  };
  /** Facts a run's stages found (StageContext.recordFinding), JSON values by name. */
  core_pipeline_run_findings: { run_id: string; name: string; value: string; recorded_at: string };
  // Access tables (core/server/auth/migrations.ts).
  core_password_resets: { id: string; user_id: string; token_hash: string; expires_at: string; used_at: string | null; created_at: string };
  core_mfa: {
    user_id: string;
    secret: string | null;
    pending_secret: string | null;
    pending_created_at: string | null;
    last_time_step: number;
    updated_at: string;
  };
  core_mfa_recovery_codes: { id: string; user_id: string; code_hash: string; used_at: string | null; created_at: string };
  core_api_keys: {
    id: string;
    user_id: string;
    organization_id: string;
    label: string;
    key_hash: string;
    key_prefix: string;
    is_active: number;
    created_at: string;
    updated_at: string;
    last_used_at: string | null;
  };
  core_feedback: {
    id: string;
    user_id: string;
    organization_id: string;
    group_ids: string;
    feedback_type: string;
    feedback_text: string;
    created_at: string;
  };
  core_event_audit: {
    id: string;
    organization_id: string | null;
    user_id: string | null;
    email: string | null;
    target_user_id: string | null;
    event_type: string;
    source_ip: string | null;
    detail: string;
    created_at: string;
  };
  core_login_failures: { key_hash: string; failures: number; window_started_at: string };
  core_sso_configs: {
    organization_id: string;
    issuer: string;
    client_id: string;
    client_secret: string | null;
    client_secret_env: string | null;
    email_domains: string;
    updated_at: string;
  };
  core_sso_states: {
    state_hash: string;
    organization_id: string;
    code_verifier: string;
    nonce: string;
    next: string | null;
    expires_at: string;
  };
}
