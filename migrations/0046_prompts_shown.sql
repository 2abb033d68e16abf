-- The user's prompts_shown (spec request layer §2 User: long_content_use_projects, dubbing_use_cases_banner) as a
-- JSON object of the prompts the user has seen and closed (decision 0055).
ALTER TABLE users ADD COLUMN prompts_shown TEXT NOT NULL DEFAULT '{}';
