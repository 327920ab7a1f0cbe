// Generated from the migrations by supabase/local/typegen/gen-types.ts. Do not edit:
// `npm test` fails when this file and supabase/migrations disagree.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  __InternalSupabase: { PostgrestVersion: '12' };
  public: {
    Tables: {
      api_usage: {
        Row: {
          id: number;
          auth_user_id: string;
          team_id: string | null;
          endpoint: string;
          method: string;
          successful: boolean;
          status_code: number | null;
          created_at: string;
        };
        Insert: {
          id?: never;
          auth_user_id: string;
          team_id?: string | null;
          endpoint: string;
          method?: string;
          successful: boolean;
          status_code?: number | null;
          created_at?: string;
        };
        Update: {
          id?: never;
          auth_user_id?: string;
          team_id?: string | null;
          endpoint?: string;
          method?: string;
          successful?: boolean;
          status_code?: number | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'api_usage_team_id_fkey';
            columns: ['team_id'];
            isOneToOne: false;
            referencedRelation: 'teams';
            referencedColumns: ['id'];
          },
        ];
      };
      billing_config: {
        Row: {
          id: boolean;
          stripe_enabled: boolean;
          free_plan_name: string;
          free_api_quota: number;
          free_notion_pages_quota: number;
          updated_at: string;
        };
        Insert: {
          id?: boolean;
          stripe_enabled?: boolean;
          free_plan_name?: string;
          free_api_quota?: number;
          free_notion_pages_quota?: number;
          updated_at?: string;
        };
        Update: {
          id?: boolean;
          stripe_enabled?: boolean;
          free_plan_name?: string;
          free_api_quota?: number;
          free_notion_pages_quota?: number;
          updated_at?: string;
        };
        Relationships: [];
      };
      errors: {
        Row: {
          id: number;
          workspace_id: string;
          user_id: string | null;
          message: string;
          status: number | null;
          endpoint: string | null;
          created_at: string;
        };
        Insert: {
          id?: never;
          workspace_id: string;
          user_id?: string | null;
          message: string;
          status?: number | null;
          endpoint?: string | null;
          created_at?: string;
        };
        Update: {
          id?: never;
          workspace_id?: string;
          user_id?: string | null;
          message?: string;
          status?: number | null;
          endpoint?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'errors_workspace_id_fkey';
            columns: ['workspace_id'];
            isOneToOne: false;
            referencedRelation: 'workspaces';
            referencedColumns: ['id'];
          },
        ];
      };
      monthly_usage: {
        Row: {
          team_id: string;
          period_start: string;
          linkedin_imports: number;
          notion_page_views: number;
          updated_at: string;
        };
        Insert: {
          team_id: string;
          period_start: string;
          linkedin_imports?: number;
          notion_page_views?: number;
          updated_at?: string;
        };
        Update: {
          team_id?: string;
          period_start?: string;
          linkedin_imports?: number;
          notion_page_views?: number;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'monthly_usage_team_id_fkey';
            columns: ['team_id'];
            isOneToOne: false;
            referencedRelation: 'teams';
            referencedColumns: ['id'];
          },
        ];
      };
      profiles: {
        Row: {
          id: string;
          auth_id: string;
          first_name: string | null;
          last_name: string | null;
          company: string | null;
          role: string;
          profile_state: string;
          active_setting_id: string | null;
          active_team_id: string | null;
          created_at: string;
          updated_at: string;
          debug_mode_allowed: boolean;
        };
        Insert: {
          id?: string;
          auth_id: string;
          first_name?: string | null;
          last_name?: string | null;
          company?: string | null;
          role?: string;
          profile_state?: string;
          active_setting_id?: string | null;
          active_team_id?: string | null;
          created_at?: string;
          updated_at?: string;
          debug_mode_allowed?: boolean;
        };
        Update: {
          id?: string;
          auth_id?: string;
          first_name?: string | null;
          last_name?: string | null;
          company?: string | null;
          role?: string;
          profile_state?: string;
          active_setting_id?: string | null;
          active_team_id?: string | null;
          created_at?: string;
          updated_at?: string;
          debug_mode_allowed?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'profiles_active_setting_id_fkey';
            columns: ['active_setting_id'];
            isOneToOne: false;
            referencedRelation: 'settings';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'profiles_active_team_id_fkey';
            columns: ['active_team_id'];
            isOneToOne: false;
            referencedRelation: 'teams';
            referencedColumns: ['id'];
          },
        ];
      };
      quota_reset_logs: {
        Row: {
          id: number;
          reset_date: string;
          status: string;
          teams_affected: number;
          duration_ms: number;
          run_type: string;
          error: string | null;
        };
        Insert: {
          id?: never;
          reset_date?: string;
          status: string;
          teams_affected?: number;
          duration_ms?: number;
          run_type?: string;
          error?: string | null;
        };
        Update: {
          id?: never;
          reset_date?: string;
          status?: string;
          teams_affected?: number;
          duration_ms?: number;
          run_type?: string;
          error?: string | null;
        };
        Relationships: [];
      };
      settings: {
        Row: {
          id: string;
          user_id: string;
          name: string;
          workspace_id: string;
          notion_db_id: string;
          health: string;
          profile_url: string;
          full_name: string;
          first_name: string | null;
          last_name: string | null;
          company: string | null;
          headline: string | null;
          summary: string | null;
          education: string | null;
          country: string | null;
          city: string | null;
          display_config: Json | null;
          customize_help: boolean;
          created_at: string;
          updated_at: string;
          notion_data_source_id: string | null;
          next_follow_up: string | null;
          stage: string | null;
        };
        Insert: {
          id?: string;
          user_id: string;
          name: string;
          workspace_id: string;
          notion_db_id: string;
          health?: string;
          profile_url: string;
          full_name: string;
          first_name?: string | null;
          last_name?: string | null;
          company?: string | null;
          headline?: string | null;
          summary?: string | null;
          education?: string | null;
          country?: string | null;
          city?: string | null;
          display_config?: Json | null;
          customize_help?: boolean;
          created_at?: string;
          updated_at?: string;
          notion_data_source_id?: string | null;
          next_follow_up?: string | null;
          stage?: string | null;
        };
        Update: {
          id?: string;
          user_id?: string;
          name?: string;
          workspace_id?: string;
          notion_db_id?: string;
          health?: string;
          profile_url?: string;
          full_name?: string;
          first_name?: string | null;
          last_name?: string | null;
          company?: string | null;
          headline?: string | null;
          summary?: string | null;
          education?: string | null;
          country?: string | null;
          city?: string | null;
          display_config?: Json | null;
          customize_help?: boolean;
          created_at?: string;
          updated_at?: string;
          notion_data_source_id?: string | null;
          next_follow_up?: string | null;
          stage?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'settings_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'settings_workspace_id_fkey';
            columns: ['workspace_id'];
            isOneToOne: false;
            referencedRelation: 'workspaces';
            referencedColumns: ['id'];
          },
        ];
      };
      stripe_sync_logs: {
        Row: {
          id: number;
          run_date: string;
          successful_teams: number;
          total_teams: number;
          execution_time_ms: number;
          details: Json;
        };
        Insert: {
          id?: never;
          run_date?: string;
          successful_teams?: number;
          total_teams?: number;
          execution_time_ms?: number;
          details?: Json;
        };
        Update: {
          id?: never;
          run_date?: string;
          successful_teams?: number;
          total_teams?: number;
          execution_time_ms?: number;
          details?: Json;
        };
        Relationships: [];
      };
      stripe_webhook_events: {
        Row: {
          id: string;
          type: string;
          event_created: string;
          processed_at: string;
          outcome: string;
        };
        Insert: {
          id: string;
          type: string;
          event_created: string;
          processed_at?: string;
          outcome: string;
        };
        Update: {
          id?: string;
          type?: string;
          event_created?: string;
          processed_at?: string;
          outcome?: string;
        };
        Relationships: [];
      };
      team_members: {
        Row: {
          team_id: string;
          profile_id: string;
          created_at: string;
        };
        Insert: {
          team_id: string;
          profile_id: string;
          created_at?: string;
        };
        Update: {
          team_id?: string;
          profile_id?: string;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'team_members_profile_id_fkey';
            columns: ['profile_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'team_members_team_id_fkey';
            columns: ['team_id'];
            isOneToOne: false;
            referencedRelation: 'teams';
            referencedColumns: ['id'];
          },
        ];
      };
      teams: {
        Row: {
          id: string;
          name: string;
          owner_id: string;
          is_personal: boolean;
          subscription_status: string | null;
          plan_name: string | null;
          billing_cycle: string;
          stripe_customer_id: string | null;
          stripe_subscription_id: string | null;
          subscription_start_date: string | null;
          subscription_end_date: string | null;
          trial_end_date: string | null;
          next_quota_reset: string;
          api_quota: number;
          notion_pages_quota: number;
          created_at: string;
          updated_at: string;
          stripe_synced_at: string | null;
        };
        Insert: {
          id?: string;
          name: string;
          owner_id: string;
          is_personal?: boolean;
          subscription_status?: string | null;
          plan_name?: string | null;
          billing_cycle?: string;
          stripe_customer_id?: string | null;
          stripe_subscription_id?: string | null;
          subscription_start_date?: string | null;
          subscription_end_date?: string | null;
          trial_end_date?: string | null;
          next_quota_reset?: string;
          api_quota?: number;
          notion_pages_quota?: number;
          created_at?: string;
          updated_at?: string;
          stripe_synced_at?: string | null;
        };
        Update: {
          id?: string;
          name?: string;
          owner_id?: string;
          is_personal?: boolean;
          subscription_status?: string | null;
          plan_name?: string | null;
          billing_cycle?: string;
          stripe_customer_id?: string | null;
          stripe_subscription_id?: string | null;
          subscription_start_date?: string | null;
          subscription_end_date?: string | null;
          trial_end_date?: string | null;
          next_quota_reset?: string;
          api_quota?: number;
          notion_pages_quota?: number;
          created_at?: string;
          updated_at?: string;
          stripe_synced_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'teams_owner_id_fkey';
            columns: ['owner_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      workspace_users: {
        Row: {
          workspace_id: string;
          user_id: string;
          created_at: string;
        };
        Insert: {
          workspace_id: string;
          user_id: string;
          created_at?: string;
        };
        Update: {
          workspace_id?: string;
          user_id?: string;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'workspace_users_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'workspace_users_workspace_id_fkey';
            columns: ['workspace_id'];
            isOneToOne: false;
            referencedRelation: 'workspaces';
            referencedColumns: ['id'];
          },
        ];
      };
      workspaces: {
        Row: {
          id: string;
          notion_key: string;
          notion_workspace_id: string | null;
          notion_workspace_name: string | null;
          name: string | null;
          health: string;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          notion_key: string;
          notion_workspace_id?: string | null;
          notion_workspace_name?: string | null;
          name?: string | null;
          health?: string;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          notion_key?: string;
          notion_workspace_id?: string | null;
          notion_workspace_name?: string | null;
          name?: string | null;
          health?: string;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      check_and_increment_linkedin_quota: {
        Args: {
          user_auth_id: string;
        };
        Returns: Database['public']['CompositeTypes']['quota_check'];
      };
      check_and_increment_notion_quota: {
        Args: {
          user_auth_id: string;
        };
        Returns: Database['public']['CompositeTypes']['quota_check'];
      };
      check_email_exists: {
        Args: {
          email_to_check: string;
        };
        Returns: boolean;
      };
      claim_operator_notice: {
        Args: {
          p_auth_user_id: string;
          p_kind: string;
        };
        Returns: boolean;
      };
      claim_profile_add: {
        Args: {
          database_id: string;
          canonical_url: string;
        };
        Returns: Database['public']['CompositeTypes']['profile_add_claim'];
      };
      claim_provider_incident: {
        Args: {
          p_incident: string;
          p_quiet_seconds: number;
        };
        Returns: boolean;
      };
      count_notion_page_view: {
        Args: {
          user_auth_id: string;
          view_id: string;
        };
        Returns: Database['public']['CompositeTypes']['quota_check'];
      };
      create_workspace_with_association: {
        Args: {
          notion_key: string;
          notion_workspace_id: string;
          workspace_name: string;
          notion_key_name: string;
          auth_user_id: string;
        };
        Returns: Database['public']['CompositeTypes']['workspace_creation'];
      };
      delete_user_complete: {
        Args: {
          target_email: string;
        };
        Returns: Database['public']['CompositeTypes']['user_deletion'];
      };
      get_database_info: { Args: never; Returns: Database['public']['CompositeTypes']['database_info'] };
      get_linkedin_quota_for_user: {
        Args: {
          auth_user_id: string;
        };
        Returns: Database['public']['CompositeTypes']['linkedin_quota'];
      };
      get_notion_quota_for_user: {
        Args: {
          auth_user_id: string;
        };
        Returns: Database['public']['CompositeTypes']['notion_quota'];
      };
      get_quota_reset_logs: { Args: never; Returns: Database['public']['Tables']['quota_reset_logs']['Row'][] };
      get_user_active_team: { Args: never; Returns: Database['public']['Tables']['teams']['Row'][] };
      hold_notion_key: {
        Args: {
          p_key_digest: string;
          p_retry_after_seconds: number;
          p_requests_per_second: number;
          p_burst: number;
        };
        Returns: undefined;
      };
      linked_workspace_for_key: {
        Args: {
          notion_key: string;
        };
        Returns: { id: string; name: string; notion_workspace_name: string }[];
      };
      notion_proxy_access: {
        Args: {
          p_auth_user_id: string;
          p_workspace_id?: string;
        };
        Returns: Database['public']['CompositeTypes']['notion_proxy_access'];
      };
      release_linkedin_import: {
        Args: {
          user_auth_id: string;
        };
        Returns: Database['public']['CompositeTypes']['quota_release'];
      };
      release_profile_add: {
        Args: {
          database_id: string;
          canonical_url: string;
          token: string;
        };
        Returns: boolean;
      };
      renew_profile_add: {
        Args: {
          database_id: string;
          canonical_url: string;
          token: string;
        };
        Returns: boolean;
      };
      reset_monthly_quotas: {
        Args: {
          p_run_type?: string;
        };
        Returns: Database['public']['Tables']['quota_reset_logs']['Row'];
      };
      search_users_by_email: {
        Args: {
          search_term: string;
        };
        Returns: Database['public']['CompositeTypes']['user_search_row'][];
      };
      secure_workspace_management: {
        Args: {
          p_operation: string;
          p_workspace_id: string;
          p_auth_user_id: string;
        };
        Returns: Database['public']['CompositeTypes']['workspace_management'];
      };
      set_debug_mode_allowed: {
        Args: {
          target_user_id: string;
          allowed: boolean;
        };
        Returns: boolean;
      };
      setup_new_user: {
        Args: {
          auth_user_id: string;
        };
        Returns: Database['public']['CompositeTypes']['setup_result'];
      };
      take_notion_key_slot: {
        Args: {
          p_key_digest: string;
          p_requests_per_second: number;
          p_burst: number;
          p_max_wait_ms: number;
        };
        Returns: number;
      };
      take_rate_limit_slot: {
        Args: {
          p_auth_user_id: string;
          p_bucket: string;
          p_limit: number;
          p_window_seconds: number;
        };
        Returns: number;
      };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: {
      database_info: {
        branch_name: string | null;
        is_production: boolean | null;
      };
      linkedin_quota: {
        api_calls_used: number | null;
        api_quota: number | null;
        next_quota_reset: string | null;
        team_id: string | null;
      };
      notion_proxy_access: {
        has_team: boolean | null;
        subscription_status: string | null;
        trial_end_date: string | null;
        notion_internal_key: string | null;
      };
      notion_quota: {
        notion_pages_used: number | null;
        notion_pages_quota: number | null;
        next_quota_reset: string | null;
        team_id: string | null;
      };
      profile_add_claim: {
        granted: boolean | null;
        token: string | null;
        age_ms: number | null;
        ttl_ms: number | null;
      };
      quota_check: {
        allowed: boolean | null;
        quota: number | null;
        used: number | null;
      };
      quota_release: {
        released: boolean | null;
        quota: number | null;
        used: number | null;
      };
      setup_result: {
        state: string | null;
        original_state: string | null;
        states_progressed: string[] | null;
        team_id: string | null;
        success: boolean | null;
        error: string | null;
      };
      user_deletion: {
        success: boolean | null;
        message: string | null;
      };
      user_search_row: {
        user_id: string | null;
        email: string | null;
        first_name: string | null;
        last_name: string | null;
        company: string | null;
        avatar_url: string | null;
        user_role: string | null;
        profile_state: string | null;
        team_name: string | null;
        plan_name: string | null;
        billing_cycle: string | null;
        subscription_status: string | null;
        api_calls_used: number | null;
        api_quota: number | null;
        notion_pages_used: number | null;
        notion_pages_quota: number | null;
        debug_mode_allowed: boolean | null;
      };
      workspace_creation: {
        success: boolean | null;
        new_workspace: Json | null;
        error: string | null;
      };
      workspace_management: {
        success: boolean | null;
        user_count: number | null;
        workspace_removed: boolean | null;
        settings_removed: number | null;
        error: string | null;
      };
    };
  };
};

type Schema = Database['public'];

export type Tables<T extends keyof Schema['Tables']> = Schema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof Schema['Tables']> = Schema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof Schema['Tables']> = Schema['Tables'][T]['Update'];
export type Enums<T extends keyof Schema['Enums']> = Schema['Enums'][T];
export type CompositeTypes<T extends keyof Schema['CompositeTypes']> = Schema['CompositeTypes'][T];
